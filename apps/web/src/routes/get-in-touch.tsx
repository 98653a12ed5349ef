import { CONTACT_TOPICS, type ContactTopic } from '@fansite/contract';
import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/contact/ContactPage.tsx';
import { choiceParam, type SearchInput } from '../lib/search-params.ts';

type GetInTouchSearch = { topic?: ContactTopic };

const DEFAULT_TOPIC = CONTACT_TOPICS[0];

export const Route = createFileRoute('/get-in-touch')({
  // An unknown or missing topic falls back to the first one rather than failing the page.
  validateSearch: (search: SearchInput<GetInTouchSearch>): GetInTouchSearch => ({
    topic: choiceParam(search.topic, CONTACT_TOPICS),
  }),
  component: GetInTouchRoute,
});

function GetInTouchRoute() {
  const { topic } = Route.useSearch();
  return <ContactPage topic={topic ?? DEFAULT_TOPIC} />;
}
