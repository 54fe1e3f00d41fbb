import type { Meta, StoryObj } from '@storybook/react-vite';
import { PublicNotFoundRoute } from '../../src/web/app/routes/not-found-route';
import { NotFoundPage } from '../../src/web/features/not-found/not-found-page';
import { withRouterAt } from '../app/story-frame';

/** Any unknown path: in the public frame outside /app. */
const meta = {
  title: 'Home/Not found (404)',
  component: PublicNotFoundRoute,
  decorators: [withRouterAt('/no-such-page')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PublicNotFoundRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PublicPath: Story = {};

/** The bare content, as the staff shell frames it for an unknown /app path. */
export const InsideTheShell: Story = { render: () => <NotFoundPage /> };
