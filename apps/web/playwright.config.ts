import { defineE2eConfig } from '@fansite/playwright-config';
import { E2E_SUBSCRIBER_EMAIL } from './e2e/support/subscriber.ts';

export default defineE2eConfig({
  port: 4310,
  name: 'web',
  subscriberEmails: [E2E_SUBSCRIBER_EMAIL],
});
