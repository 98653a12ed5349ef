import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordForm } from '../../features/auth/ChangePasswordForm.tsx';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/account/change-password')({
  component: ChangePasswordRoute,
});

function ChangePasswordRoute() {
  return (
    <>
      <DocumentTitle page="Change password" />
      <ChangePasswordForm />
    </>
  );
}
