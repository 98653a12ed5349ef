import { createFileRoute } from '@tanstack/react-router';
import { SignupForm } from '../features/auth/SignupForm.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';

export const Route = createFileRoute('/signup')({ component: SignupRoute });

function SignupRoute() {
  return (
    <>
      <DocumentTitle page="Sign up" />
      <SignupForm />
    </>
  );
}
