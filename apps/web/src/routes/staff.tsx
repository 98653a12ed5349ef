import { Outlet, createFileRoute } from '@tanstack/react-router';
import { StaffLayout } from '../features/staff/StaffLayout.tsx';
import { requireSignedIn } from '../lib/requireSignedIn.ts';

/** Every /staff page: signed-in people only; the server answers 403 to anyone not on the team. */
export const Route = createFileRoute('/staff')({
  beforeLoad: requireSignedIn,
  component: StaffRoute,
});

function StaffRoute() {
  return (
    <StaffLayout>
      <Outlet />
    </StaffLayout>
  );
}
