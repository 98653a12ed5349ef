import type { ApiQueries } from '@fansite/api-client';

/** What the network page shows; its route prefetches the same queries. */
export const networkQueries = {
  stats: (queries: ApiQueries) => queries.member.stats({}),
  members: (queries: ApiQueries) => queries.member.all({}),
  supporters: (queries: ApiQueries) => queries.subscriber.sites({}),
  testimonials: (queries: ApiQueries) => queries.member.testimonials({}),
};
