import { defineSiteConfig } from '@fansite/vite-config';

export default defineSiteConfig();
