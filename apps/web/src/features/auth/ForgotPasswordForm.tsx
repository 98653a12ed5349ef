import { useAuth } from '@fansite/auth';
import { Link } from '@fansite/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { paths } from '../../lib/paths.ts';
import { AuthCard, AuthError, AuthForm } from './AuthCard.tsx';
import { EmailField } from './EmailField.tsx';

/** docs/product.md, screens, forgot password: the identity service emails a reset link. */
export function ForgotPasswordForm() {
  const { service } = useAuth();
  const [email, setEmail] = useState('');
  const sendReset = useMutation({ mutationFn: () => service.sendPasswordReset(email.trim()) });

  return (
    <AuthCard title="Forgot your password?" links={<Link href={paths.login}>Back to sign in</Link>}>
      <AuthForm
        onSubmit={() => sendReset.mutate()}
        submitLabel="Reset password"
        pending={sendReset.isPending}
      >
        <AuthError error={sendReset.error} />
        {sendReset.isSuccess && (
          <StatusMessage tone="success">Check your email to reset your password</StatusMessage>
        )}
        <EmailField value={email} onChange={setEmail} />
      </AuthForm>
    </AuthCard>
  );
}
