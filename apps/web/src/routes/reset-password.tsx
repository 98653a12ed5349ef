import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/reset-password')({
  validateSearch: z.object({ oobCode: z.string().max(1000).optional().catch(undefined) }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  // A missing code gets its own message; a wrong one, the identity service's.
  const { oobCode = '' } = Route.useSearch();
  return (
    <>
      <DocumentTitle page="Reset password" />
      <ResetPasswordForm oobCode={oobCode} />
    </>
  );
}
