import type { ContactTopic } from '@fansite/contract';

/** How the topic select names each topic, in the contract's order. */
export const topicLabels: Record<ContactTopic, string> = {
  'request-song': 'Request a song',
  'apply-member': 'Apply as a network member',
  'apply-academy': 'Apply to the Academy',
  'bug-report': 'Report a bug',
  advertisement: 'Advertisement',
  'business-inquiry': 'Business inquiry',
  other: 'Other',
};
