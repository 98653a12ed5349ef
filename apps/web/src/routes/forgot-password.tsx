import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordRoute });

function ForgotPasswordRoute() {
  return (
    <>
      <DocumentTitle page="Forgot password" />
      <ForgotPasswordForm />
    </>
  );
}
