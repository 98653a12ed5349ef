import { defineE2eConfig } from '@fansite/playwright-config';

export default defineE2eConfig({ port: 4310, name: 'web' });
