import { useAuth } from '@fansite/auth';
import { Link, TextField } from '@fansite/ui-kit';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { AuthCard, AuthError, AuthForm } from './AuthCard.tsx';
import { EmailField } from './EmailField.tsx';

/** docs/product.md, screens, /signup: a new account, then on to sign in with it. */
export function SignupForm() {
  const { service } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signUp = useMutation({
    // Creating the account signs it in; the site asks for a sign-in on the login page instead.
    mutationFn: async () => {
      await service.signUp(email.trim(), password);
      await service.signOut();
    },
    onSuccess: () => navigate({ href: paths.login }),
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
