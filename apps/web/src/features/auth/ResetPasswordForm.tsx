import { useAuth } from '@fansite/auth';
import { Link, Spinner, TextField } from '@fansite/ui-kit';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { paths } from '../../lib/paths.ts';
import { AuthCard, AuthError, AuthForm } from './AuthCard.tsx';
import {
  PASSWORD_RESET_SUCCESS,
  PASSWORDS_DO_NOT_MATCH,
  RESET_LINK_INCOMPLETE,
} from './messages.ts';
import { fieldText, newPasswordProblem } from './checks.ts';
import { EmailField } from './EmailField.tsx';

export interface ResetPasswordFormProps {
  /** The code of the emailed reset link. */
  oobCode: string;
}

/** docs/product.md, states, reset password: verify the code first, then take the new password. */
export function ResetPasswordForm({ oobCode }: ResetPasswordFormProps) {
  const { service } = useAuth();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const code = useQuery({
    queryKey: ['password-reset-code', oobCode],
    queryFn: () => service.verifyResetCode(oobCode),
    // Without a code there is nothing to verify (the identity service would answer a bare "Error").
    enabled: oobCode !== '',
    retry: false,
    staleTime: Infinity,
  });
  const reset = useMutation({
    mutationFn: (password: string) => service.confirmReset(oobCode, password),
    onSuccess: () => navigate({ to: '/login', search: { success: PASSWORD_RESET_SUCCESS } }),
  });

  function submit(fields: FormData) {
    const password = fieldText(fields, 'password');
    const found =
      newPasswordProblem(password) ??
      (password === fieldText(fields, 'confirmation') ? undefined : PASSWORDS_DO_NOT_MATCH);
    setProblem(found);
    if (found) reset.reset();
    else reset.mutate(password);
  }

  const backToForgot = <Link href={paths.forgotPassword}>Ask for a new link</Link>;
  if (oobCode === '') {
    return (
      <AuthCard title="Reset password" links={backToForgot}>
        <StatusMessage tone="error">{RESET_LINK_INCOMPLETE}</StatusMessage>
      </AuthCard>
    );
  }
  if (code.isPending) {
    return (
      <AuthCard title="Reset password">
        <Spinner label="Checking the reset link" />
      </AuthCard>
    );
  }
  if (code.isError) {
    return (
      <AuthCard title="Reset password" links={backToForgot}>
        <AuthError error={code.error} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset password" links={backToForgot}>
      <AuthForm onSubmit={submit} submitLabel="Reset password" pending={reset.isPending}>
        {problem ? (
          <StatusMessage tone="error">{problem}</StatusMessage>
        ) : (
          <AuthError error={reset.error} />
        )}
        <EmailField defaultValue={code.data} readOnly />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          label="Confirm new password"
          name="confirmation"
          type="password"
          autoComplete="new-password"
        />
      </AuthForm>
    </AuthCard>
  );
}
