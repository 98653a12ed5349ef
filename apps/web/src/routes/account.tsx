import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AccountLayout } from '../features/account/AccountLayout.tsx';
import { requireSignedIn } from '../lib/requireSignedIn.ts';

/** Every /account page: signed-in users only, with the account sidebar. */
export const Route = createFileRoute('/account')({
  beforeLoad: requireSignedIn,
  component: AccountRoute,
});

function AccountRoute() {
  return (
    <AccountLayout>
      <Outlet />
    </AccountLayout>
  );
}
