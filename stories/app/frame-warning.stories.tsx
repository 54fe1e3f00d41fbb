import type { Meta, StoryObj } from '@storybook/react-vite';
import { FrameGuard } from '../../src/web/app/frame-guard';

/** What the app shows when another site embeds it in a frame, instead of the app itself. */
const meta = {
  title: 'App/Frame guard',
  component: FrameGuard,
  args: { children: <p>The portal</p> },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof FrameGuard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Framed: Story = { args: { framed: true } };
export const NotFramed: Story = { args: { framed: false } };
