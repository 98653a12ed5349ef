import { useAuth } from '@fansite/auth';
import { Link, TextField } from '@fansite/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { AuthCard, AuthError, AuthForm } from './AuthCard.tsx';
import { ACCOUNT_CREATED } from './messages.ts';
import { EmailField } from './EmailField.tsx';

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signUp = useMutation({
    // Creating the account signs it in; the site asks for a sign-in on the login page instead.
    mutationFn: async () => {
      await service.signUp(email.trim(), password);
      await service.signOut();
    },
    // Returned, so the form stays disabled until the login page is there.
    onSuccess: () => navigate({ to: '/login', search: { success: ACCOUNT_CREATED } }),
  });

  return (
    <AuthCard
      title="Create an account"
      links={<Link href={paths.login}>Already have an account? Log in</Link>}
    >
      <AuthForm onSubmit={() => signUp.mutate()} submitLabel="Sign up" pending={signUp.isPending}>
        <AuthError error={signUp.error} />
        <EmailField value={email} onChange={setEmail} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
      </AuthForm>
    </AuthCard>
  );
}
