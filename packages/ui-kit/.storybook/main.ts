import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // Telemetry is off: the machines have no internet and it triples build time (docs/budgets.md).
  core: { disableTelemetry: true },
};

export default config;
