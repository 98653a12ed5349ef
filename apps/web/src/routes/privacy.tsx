import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/privacy/PrivacyPage.tsx';

export const Route = createFileRoute('/privacy')({ component: PrivacyPage });
