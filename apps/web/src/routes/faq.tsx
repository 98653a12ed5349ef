import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/faq/FaqPage.tsx';

export const Route = createFileRoute('/faq')({ component: FaqPage });
