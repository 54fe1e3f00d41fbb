import type { Meta, StoryObj } from '@storybook/react-vite';
import { SessionFallback } from '../../src/web/app/guards/session-fallback';
import { withRouterAt } from './story-frame';

/** /app without an access token in this tab. */
const meta = {
  title: 'App/Session fallback',
  component: SessionFallback,
  decorators: [withRouterAt('/app/dashboard')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SessionFallback>;
export default meta;

export const NotSignedIn: StoryObj<typeof meta> = {};
