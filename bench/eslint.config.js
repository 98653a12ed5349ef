import base from '@fansite/eslint-config/base';

export default [
  ...base,
  // The bench's output is its report: it talks to a person through the console.
  { files: ['src/**/*.ts'], rules: { 'no-console': 'off' } },
];
