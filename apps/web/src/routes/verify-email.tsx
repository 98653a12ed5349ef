import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmail } from '../features/account/VerifyEmail.tsx';
import { DocumentTitle } from '../lib/DocumentTitle.tsx';
import { textParam, type SearchInput } from '../lib/search-params.ts';

type VerifyEmailSearch = { oobCode?: string };

// The identity service's verification email links here (its action address, with `oobCode`).
export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: SearchInput<VerifyEmailSearch>): VerifyEmailSearch => ({
    oobCode: textParam(search.oobCode, { maxLength: 1000 }),
  }),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { oobCode = '' } = Route.useSearch();
  return (
    <>
      <DocumentTitle page="Verify your email" />
      <VerifyEmail oobCode={oobCode} />
    </>
  );
}
