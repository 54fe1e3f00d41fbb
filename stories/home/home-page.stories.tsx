import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { HomePage } from '../../src/web/features/home/home-page';
import { withRouterAt } from '../app/story-frame';

/** The public landing page; Login opens the officials' dialog (supplied by the route). */
const meta = {
  title: 'Home/Landing page',
  component: HomePage,
  decorators: [withRouterAt('/')],
  args: { onLogin: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HomePage>;
export default meta;

export const Landing: StoryObj<typeof meta> = {};
