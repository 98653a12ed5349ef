import { TextField } from '@fansite/ui-kit';
import { authErrorMessage, useAuth } from '@fansite/auth';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { useTimedMessage } from '../../lib/useTimedMessage.ts';
import { AuthForm } from './AuthCard.tsx';
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
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useTimedMessage();
  const change = useMutation({
    mutationFn: () => service.changePassword(current, next),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setConfirmation('');
      setMessage({ tone: 'success', text: PASSWORD_UPDATED });
    },
    onError: (error) => setMessage({ tone: 'error', text: authErrorMessage(error) }),
  });

  function submit() {
    const problem = !current
      ? FILL_IN_CURRENT_PASSWORD
      : !next || !confirmation
        ? FILL_IN_BOTH_NEW_PASSWORDS
        : next !== confirmation
          ? PASSWORDS_DO_NOT_MATCH
          : null;
    if (problem) setMessage({ tone: 'error', text: problem });
    else change.mutate();
  }

  return (
    <Section>
      <h1>Change Password</h1>
      <AuthForm onSubmit={submit} submitLabel="Change password" pending={change.isPending}>
        {message && <StatusMessage tone={message.tone}>{message.text}</StatusMessage>}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
        />
      </AuthForm>
    </Section>
  );
}
