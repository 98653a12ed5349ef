import styled from 'styled-components';

const Message = styled.p`
  position: fixed;
  /* Above the app's player bar when one is showing (it sets the variable). */
  bottom: calc(${({ theme }) => theme.space[6]} + var(--player-bar-offset, 0px));
  left: 50%;
  z-index: 50;
  max-width: calc(100vw - 2rem);
  margin: 0;
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[5]}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colours.surface};
  box-shadow: 0 4px 24px rgba(0, 0, 0, 0.45);
  color: ${({ theme }) => theme.colours.text};
  transform: translateX(-50%);
`;

export interface ToastProps {
  /** The message; nothing shows while it is null. */
  message: string | null;
}

/**
 * A short message floating at the bottom of the screen ("Link copied!"). It is a live region that
 * stays in the page, so that screen readers announce each message the moment it appears.
 */
export function Toast({ message }: ToastProps) {
  return (
    <div role="status" aria-live="polite">
      {message && <Message>{message}</Message>}
    </div>
  );
}
