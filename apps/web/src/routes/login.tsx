import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/LoginForm.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';
import { textParam, type SearchInput } from '../lib/search-params.ts';

type LoginSearch = {
  /** A success message to show in green, such as 'Password reset successfully'. */
  success?: string;
  /** Where a signed-out visitor was going; they come back there after signing in. */
  redirect?: string;
};

export const Route = createFileRoute('/login')({
  validateSearch: (search: SearchInput<LoginSearch>): LoginSearch => ({
    success: textParam(search.success, { maxLength: 200 }),
    redirect: textParam(search.redirect, { maxLength: 2000 }),
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
