import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/faq/FaqPage.tsx';
import { paths } from '../lib/paths.ts';
import { routeHead, type RouteHead } from '../ssr/head.ts';

export const Route = createFileRoute('/faq')({
  head: ({ match: { context } }): RouteHead =>
    routeHead(context.brand, {
      page: 'FAQ',
      path: paths.faq,
      description: `Questions and answers about ${context.brand.siteName}.`,
    }),
  component: FaqPage,
});
