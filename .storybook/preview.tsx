import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { Preview } from '@storybook/react-vite';
import { AppProviders } from '../src/web/app/providers';

/** Every story renders inside the app's own providers: the portal theme, snackbars and snackbars (confirmation dialogs come from ModalsLayer in the staff shell). */
const preview: Preview = {
  decorators: [
    (Story) => (
      <AppProviders>
        <Story />
      </AppProviders>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
};

export default preview;
