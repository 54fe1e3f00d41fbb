import type { StorybookConfig } from '@storybook/react-vite';

/** Stories mirror src/web: a story per view per machine state (they double as jsdom test fixtures). */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  addons: [],
  core: { disableTelemetry: true },
};

export default config;
