import { useAuth } from '@fansite/auth';
import { Link, TextField } from '@fansite/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { AuthCard, AuthError, AuthForm } from './AuthCard.tsx';
import { emailProblem, fieldText, newPasswordProblem } from './checks.ts';
import { ACCOUNT_CREATED } from './messages.ts';
import { EmailField } from './EmailField.tsx';

interface Credentials {
  email: string;
  password: string;
}

/** docs/product.md, screens, /signup: a new account, then on to sign in with it. */
export function SignupForm() {
  const { service } = useAuth();
  const navigate = useNavigate();
  const router = useRouter();
  // The login page opens the moment the account exists: loaded ahead, there is no moment when the
  // address says /login while this form is still on screen.
  useEffect(() => {
    router.preloadRoute({ to: '/login' }).catch(() => {});
  }, [router]);
  const [problems, setProblems] = useState<Partial<Credentials>>({});
  const signUp = useMutation({
    // Creating the account signs it in; the site asks for a sign-in on the login page instead.
    mutationFn: async ({ email, password }: Credentials) => {
      await service.signUp(email, password);
      await service.signOut();
    },
    // Returned, so the form stays disabled until the login page is there.
    onSuccess: () => navigate({ to: '/login', search: { success: ACCOUNT_CREATED } }),
  });

  function submit(fields: FormData) {
    const email = fieldText(fields, 'email').trim();
    const password = fieldText(fields, 'password');
    const found = { email: emailProblem(email), password: newPasswordProblem(password) };
    setProblems(found);
    if (found.email || found.password) signUp.reset();
    else signUp.mutate({ email, password });
  }

  return (
    <AuthCard
      title="Create an account"
      links={<Link href={paths.login}>Already have an account? Log in</Link>}
    >
      <AuthForm onSubmit={submit} submitLabel="Sign up" pending={signUp.isPending}>
        <AuthError error={signUp.error} />
        <EmailField name="email" error={problems.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={problems.password}
        />
      </AuthForm>
    </AuthCard>
  );
}
