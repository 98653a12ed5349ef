import { createFileRoute } from '@tanstack/react-router';
import { siteHead } from '../features/site/siteHead.ts';
import { LeavingForMainSite, SitePage } from '../features/site/SitePage.tsx';

// The site is its root page: the subscriber's public info, read once per visit.
export const Route = createFileRoute('/')({
  loader: async ({ context: { queryClient, queries, domainName, mainSiteUrl, leaveTo } }) => {
    try {
      await queryClient.ensureQueryData(queries.subscriber.info({ domain_name: domainName }));
    } catch {
      // The spec: a site that is not enabled, or whose call fails, sends its visitor to the
      // main site of the same brand.
      leaveTo(mainSiteUrl);
      throw new LeavingError();
    }
  },
  // The site's name, subtitle and picture for link previews, from the same read.
  head: ({ match: { context } }) => {
    const info = context.queryClient.getQueryData(
      context.queries.subscriber.info({ domain_name: context.domainName }).queryKey,
    );
    return info ? siteHead(context.brand, info) : {};
  },
  component: SitePage,
  errorComponent: LeavingForMainSite,
});

class LeavingError extends Error {
  constructor() {
    super('This site is not available; going to the main site.');
  }
}
