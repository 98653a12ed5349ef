import { createFileRoute } from '@tanstack/react-router';
import { RadioPage } from '../features/radio/RadioPage.tsx';

// docs/product.md, screens: the fm sub-domain shows the radio page on every path.
export const Route = createFileRoute('/$')({
  component: RadioPage,
});
