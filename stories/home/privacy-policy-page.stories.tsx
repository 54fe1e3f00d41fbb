import type { Meta, StoryObj } from '@storybook/react-vite';
import { PrivacyPolicyPage } from '../../src/web/features/privacy-policy/privacy-policy-page';
import { withRouterAt } from '../app/story-frame';

const meta = {
  title: 'Home/Privacy policy',
  component: PrivacyPolicyPage,
  decorators: [withRouterAt('/privacy-policy')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PrivacyPolicyPage>;
export default meta;

export const Policy: StoryObj<typeof meta> = {};
