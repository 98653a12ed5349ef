import { createFileRoute } from '@tanstack/react-router';
import { RadioPage } from '../features/radio/RadioPage.tsx';

// SPEC.md section 2: the fm sub-domain shows the radio page on every path.
export const Route = createFileRoute('/$')({
  component: RadioPage,
});
