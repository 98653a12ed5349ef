import { createFileRoute } from '@tanstack/react-router';
import { RadioPage } from '../features/radio/RadioPage.tsx';
import { radioHead } from '../ssr/head.ts';

// docs/product.md, screens: the fm sub-domain shows the radio page on every path.
export const Route = createFileRoute('/$')({
  head: ({ match }) => radioHead(match.context.brand),
  component: RadioPage,
});
