import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { HomePage } from '../../src/web/features/home/home-page';
import { withRouterAt } from '../app/story-frame';

/**
 * The public landing page, one story per view state: the page, each of its dialogs open. Login and the citizen
 * dialogs are supplied by the route (stubbed here). The phone menu has its own stories (landing-menus).
 */
const meta = {
  title: 'Home/Landing page',
  component: HomePage,
  decorators: [withRouterAt('/')],
  args: { onLogin: fn(), callbacks: { onTrackApplication: fn(), onApplyClearance: fn() } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HomePage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Landing: Story = {};

/** The prerequisites announcement: Landlord and Tenant tabs. */
export const DocumentsYouNeed: Story = { args: { initialDialog: { kind: 'prerequisites' } } };

/** The act viewer (the summary PDF in a frame) with its download button. */
export const ActViewer: Story = { args: { initialDialog: { kind: 'viewer', name: 'act-and-rules.pdf' } } };

/** The password-change instructions viewer. */
export const PasswordChangeViewer: Story = {
  args: { initialDialog: { kind: 'viewer', name: 'password-change.pdf' } },
};
