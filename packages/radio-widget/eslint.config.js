export { default } from '@fansite/eslint-config/react';
