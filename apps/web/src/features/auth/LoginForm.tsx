import { useAuth } from '@fansite/auth';
import { Link, TextField } from '@fansite/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { paths } from '../../lib/paths.ts';
import { safeRedirect } from '../../lib/requireSignedIn.ts';
import { AuthCard, AuthError, AuthForm } from './AuthCard.tsx';
import { EmailField } from './EmailField.tsx';

export interface LoginFormProps {
  /** A success message from the page before (a password reset), shown in green. */
  success?: string;
  /** The page that sent a signed-out visitor here; home otherwise. */
  redirect?: string;
}

/** docs/product.md, screens, /login. */
export function LoginForm({ success, redirect }: LoginFormProps) {
  const { service } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => service.signIn(email.trim(), password),
    onSuccess: () => navigate({ href: safeRedirect(redirect) }),
  });

  return (
    <AuthCard
      title="Sign in to your account"
      links={
        <>
          <Link href={paths.signup}>Create an account</Link>
          <Link href={paths.forgotPassword}>Forgot your password?</Link>
        </>
      }
    >
      <AuthForm onSubmit={() => signIn.mutate()} submitLabel="Sign in" pending={signIn.isPending}>
        {signIn.error ? (
          <AuthError error={signIn.error} />
        ) : (
          success && <StatusMessage tone="success">{success}</StatusMessage>
        )}
        <EmailField value={email} onChange={setEmail} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
      </AuthForm>
    </AuthCard>
  );
}
