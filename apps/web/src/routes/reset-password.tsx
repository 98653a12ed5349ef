import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';
import { textParam, type SearchInput } from '../lib/search-params.ts';

type ResetPasswordSearch = { oobCode?: string };

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: SearchInput<ResetPasswordSearch>): ResetPasswordSearch => ({
    oobCode: textParam(search.oobCode, { maxLength: 1000 }),
  }),
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
