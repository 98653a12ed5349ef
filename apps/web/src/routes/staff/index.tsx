import { createFileRoute, redirect } from '@tanstack/react-router';

/** The team's console opens on its inbox. */
export const Route = createFileRoute('/staff/')({
  beforeLoad: () => {
    throw redirect({ to: '/staff/inbox' });
  },
});
