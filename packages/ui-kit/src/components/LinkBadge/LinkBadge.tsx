import styled from 'styled-components';
import { Link } from '../../link/Link.tsx';

const StyledLink = styled(Link)`
  display: inline-block;
  max-width: 100%;
  padding: 0.125rem ${({ theme }) => theme.space[3]};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colours.primary};
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme }) => theme.colours.text};
  font-size: 0.8rem;
  font-weight: 600;
  text-decoration: none;
  text-overflow: ellipsis;
  white-space: nowrap;

  /* On phones a finger needs 44 px (WCAG 2.5.5): the pill grows, its text stays small. */
  @media ${({ theme }) => theme.media.narrow} {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }

  &:hover {
    background: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.onPrimary};
  }
`;

export interface LinkBadgeProps {
  href: string;
  children: string;
}

/** A pill-shaped link to what a song belongs to: its artist's songs, its playlist. */
export function LinkBadge({ href, children }: LinkBadgeProps) {
  return <StyledLink href={href}>{children}</StyledLink>;
}
