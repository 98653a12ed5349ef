import { useAuth } from '@fansite/auth';
import { Link, TextField } from '@fansite/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { paths } from '../../lib/paths.ts';
import { safeRedirect } from '../../lib/requireSignedIn.ts';
import { AuthCard, AuthError, AuthForm } from './AuthCard.tsx';
import { emailProblem, fieldText, passwordProblem } from './checks.ts';
import { EmailField } from './EmailField.tsx';

export interface LoginFormProps {
  /** A success message from the page before (a password reset), shown in green. */
  success?: string;
  /** The page that sent a signed-out visitor here; home otherwise. */
  redirect?: string;
}

interface Credentials {
  email: string;
  password: string;
}

/** docs/product.md, screens, /login. */
export function LoginForm({ success, redirect }: LoginFormProps) {
  const { service } = useAuth();
  const navigate = useNavigate();
  const [problems, setProblems] = useState<Partial<Credentials>>({});
  const signIn = useMutation({
    mutationFn: ({ email, password }: Credentials) => service.signIn(email, password),
    onSuccess: () => navigate({ href: safeRedirect(redirect) }),
  });

  function submit(fields: FormData) {
    const email = fieldText(fields, 'email').trim();
    const password = fieldText(fields, 'password');
    const found = { email: emailProblem(email), password: passwordProblem(password) };
    setProblems(found);
    if (found.email || found.password) signIn.reset();
    else signIn.mutate({ email, password });
  }

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
      <AuthForm onSubmit={submit} submitLabel="Sign in" pending={signIn.isPending}>
        {signIn.error ? (
          <AuthError error={signIn.error} />
        ) : (
          success && <StatusMessage tone="success">{success}</StatusMessage>
        )}
        <EmailField name="email" error={problems.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={problems.password}
        />
      </AuthForm>
    </AuthCard>
  );
}
