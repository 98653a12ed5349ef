import { CONTACT_TOPICS } from '@fansite/contract';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ContactPage } from '../features/contact/ContactPage.tsx';

const DEFAULT_TOPIC = CONTACT_TOPICS[0];

export const Route = createFileRoute('/get-in-touch')({
  // An unknown or missing topic falls back to the first one rather than failing the page.
  validateSearch: z.object({ topic: z.enum(CONTACT_TOPICS).optional().catch(undefined) }),
  component: GetInTouchRoute,
});

function GetInTouchRoute() {
  const { topic } = Route.useSearch();
  return <ContactPage topic={topic ?? DEFAULT_TOPIC} />;
}
