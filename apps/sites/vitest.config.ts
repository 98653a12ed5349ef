export { default } from '@fansite/vitest-config/react';
