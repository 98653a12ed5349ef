export { default } from '@fansite/vitest-config/node';
