import { ButtonLink, Dialog } from '@fansite/ui-kit';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

export interface LoginRequiredDialogProps {
  onClose: () => void;
}

/** docs/product.md, screens: favouriting while signed out asks the visitor to sign in or sign up. */
export function LoginRequiredDialog({ onClose }: LoginRequiredDialogProps) {
  return (
    <Dialog title="Login required" onClose={onClose}>
      <p>Sign in to keep your favourite songs.</p>
      <Actions>
        <ButtonLink href={paths.account}>Sign in</ButtonLink>
        <ButtonLink href={paths.signup} variant="secondary">
          Create an account
        </ButtonLink>
      </Actions>
    </Dialog>
  );
}
