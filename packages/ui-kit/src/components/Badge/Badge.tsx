import type { ReactNode } from 'react';
import styled from 'styled-components';

export type BadgeVariant = 'new' | 'network' | 'special';

const StyledBadge = styled.span<{ $variant: BadgeVariant }>`
  display: inline-block;
  padding: 0.125rem ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $variant }) => theme.colours.badge[$variant]};
  color: #ffffff;
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.02em;
  text-transform: uppercase;
  white-space: nowrap;
`;

export interface BadgeProps {
  variant: BadgeVariant;
  children: ReactNode;
}

/** A short coloured label marking what is new, from the network or special. */
export function Badge({ variant, children }: BadgeProps) {
  return <StyledBadge $variant={variant}>{children}</StyledBadge>;
}
