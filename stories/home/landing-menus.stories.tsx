import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LandingMobileMenu } from '../../src/web/features/home/landing-mobile-menu';
import { withRouterAt } from '../app/story-frame';

/** The phone menu (below the md breakpoint): closed, and open with the built entries plus Login. */
const meta = {
  title: 'Home/Landing phone menu',
  component: LandingMobileMenu,
  decorators: [withRouterAt('/')],
  args: { onLogin: fn(), callbacks: {} },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
} satisfies Meta<typeof LandingMobileMenu>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { initiallyOpen: true } };
