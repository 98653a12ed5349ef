import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginForm } from '../features/auth/LoginForm.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({
    /** A success message to show in green, such as 'Password reset successfully'. */
    success: z.string().max(200).optional().catch(undefined),
    /** Where a signed-out visitor was going; they come back there after signing in. */
    redirect: z.string().max(2000).optional().catch(undefined),
  }),
  component: LoginRoute,
});

function LoginRoute() {
  const { success, redirect } = Route.useSearch();
  return (
    <>
      <DocumentTitle page="Log in" />
      <LoginForm success={success} redirect={redirect} />
    </>
  );
}
