import { useAuth } from '@fansite/auth';
import { Link } from '@fansite/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { paths } from '../../lib/paths.ts';
import { AuthCard, AuthError, AuthForm } from './AuthCard.tsx';
import { emailProblem, fieldText } from './checks.ts';
import { RESET_EMAIL_SENT } from './messages.ts';
import { EmailField } from './EmailField.tsx';

/** Where the identity service tells that no account has the address, the page does not. */
const isUnknownAccount = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  error.code === 'auth/user-not-found';

/** docs/product.md, screens, forgot password: the identity service emails a reset link. */
export function ForgotPasswordForm() {
  const { service } = useAuth();
  const [problem, setProblem] = useState<string>();
  const sendReset = useMutation({
    mutationFn: async (email: string) => {
      try {
        await service.sendPasswordReset(email);
      } catch (error) {
        if (!isUnknownAccount(error)) throw error;
      }
    },
  });

  function submit(fields: FormData) {
    const email = fieldText(fields, 'email').trim();
    const found = emailProblem(email);
    setProblem(found);
    if (found) sendReset.reset();
    else sendReset.mutate(email);
  }

  return (
    <AuthCard title="Forgot your password?" links={<Link href={paths.login}>Back to sign in</Link>}>
      <AuthForm onSubmit={submit} submitLabel="Reset password" pending={sendReset.isPending}>
        <AuthError error={sendReset.error} />
        {sendReset.isSuccess && <StatusMessage tone="success">{RESET_EMAIL_SENT}</StatusMessage>}
        <EmailField name="email" error={problem} />
      </AuthForm>
    </AuthCard>
  );
}
