import { TextField } from '@fansite/ui-kit';
import { authErrorMessage, useAuth } from '@fansite/auth';
import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { useTimedMessage } from '../../lib/useTimedMessage.ts';
import { AuthForm } from './AuthCard.tsx';
import { fieldText, newPasswordProblem } from './checks.ts';
import {
  FILL_IN_BOTH_NEW_PASSWORDS,
  FILL_IN_CURRENT_PASSWORD,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_UPDATED,
} from './messages.ts';

const Section = styled.section`
  max-width: 480px;

  h1 {
    margin-top: 0;
  }
`;

/** docs/product.md (screens, validation), change password: re-authenticate, then update. */
export function ChangePasswordForm() {
  const { service } = useAuth();
  const [message, setMessage] = useTimedMessage();
  const change = useMutation({
    mutationFn: ({ current, next }: { current: string; next: string; form: HTMLFormElement }) =>
      service.changePassword(current, next),
    onSuccess: (_done, { form }) => {
      form.reset();
      setMessage({ tone: 'success', text: PASSWORD_UPDATED });
    },
    onError: (error) => setMessage({ tone: 'error', text: authErrorMessage(error) }),
  });

  function submit(fields: FormData, form: HTMLFormElement) {
    const current = fieldText(fields, 'current');
    const next = fieldText(fields, 'next');
    const confirmation = fieldText(fields, 'confirmation');
    const problem = !current
      ? FILL_IN_CURRENT_PASSWORD
      : !next || !confirmation
        ? FILL_IN_BOTH_NEW_PASSWORDS
        : next !== confirmation
          ? PASSWORDS_DO_NOT_MATCH
          : newPasswordProblem(next);
    if (problem) setMessage({ tone: 'error', text: problem });
    else change.mutate({ current, next, form });
  }

  return (
    <Section>
      <h1>Change Password</h1>
      <AuthForm onSubmit={submit} submitLabel="Change password" pending={change.isPending}>
        {message && <StatusMessage tone={message.tone}>{message.text}</StatusMessage>}
        <TextField
          label="Current password"
          type="password"
          name="current"
          autoComplete="current-password"
        />
        <TextField label="New password" type="password" name="next" autoComplete="new-password" />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirmation"
          autoComplete="new-password"
        />
      </AuthForm>
    </Section>
  );
}
