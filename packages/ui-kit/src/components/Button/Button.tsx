import { useControlWaitsForScript } from '@fansite/ssr/browser';
import type { ComponentPropsWithoutRef } from 'react';
import styled, { css } from 'styled-components';
import { Link, type UiLinkProps } from '../../link/Link.tsx';
import { UNAVAILABLE } from '../../theme/controls.ts';

export type ButtonVariant = 'primary' | 'secondary';

interface VariantProps {
  $variant: ButtonVariant;
}

// Buttons and button-looking links share one look, so that a call to action reads the same either way.
const buttonStyles = css<VariantProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  /* A finger needs 44 px (WCAG 2.5.5), whatever the label's size. */
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[5]}`};
  border: 2px solid ${({ theme }) => theme.colours.primary};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $variant }) =>
    $variant === 'primary' ? theme.colours.primary : 'transparent'};
  color: ${({ theme, $variant }) =>
    $variant === 'primary' ? theme.colours.onPrimary : theme.colours.text};
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  transition:
    background 0.2s,
    border-color 0.2s;

  &:hover {
    background: ${({ theme }) => theme.colours.accent};
    border-color: ${({ theme }) => theme.colours.accent};
    color: ${({ theme }) => theme.colours.onPrimary};
  }

  /* Busy or unavailable; not while it only waits for the page's first script (a blink). */
  ${UNAVAILABLE} {
    opacity: 0.6;
    cursor: progress;
  }
`;

const StyledButton = styled.button<VariantProps>`
  ${buttonStyles}
`;

const StyledButtonLink = styled(Link)<VariantProps>`
  ${buttonStyles}
`;

export interface ButtonProps extends ComponentPropsWithoutRef<'button'> {
  variant?: ButtonVariant;
}

/** An action button; `type` defaults to "button" so that it never submits a form by accident. */
export function Button({ variant = 'primary', type = 'button', ...props }: ButtonProps) {
  // A plain button does nothing without the app: disabled until the page keeps presses for it.
  // A submit button's form decides (a form works, or waits, its own way). It takes no ref of its
  // own: a waiting control's props carry the one it needs (`useControlWaitsForScript`).
  const pressKept = useControlWaitsForScript(props.disabled);
  return (
    <StyledButton
      $variant={variant}
      type={type}
      {...props}
      {...(type === 'button' ? pressKept : {})}
    />
  );
}

export interface ButtonLinkProps extends UiLinkProps {
  variant?: ButtonVariant;
}

/** A link that looks like a button. */
export function ButtonLink({ variant = 'primary', ...props }: ButtonLinkProps) {
  return <StyledButtonLink $variant={variant} {...props} />;
}
