import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PublicLayout } from '../../src/web/components/public-layout';
import { VerifyView } from '../../src/web/features/verify/verify-view';
import { withRouterAt } from '../app/story-frame';

/** The public certificate check (/verify/:code), one story per state of its answer. */
const meta = {
  title: 'Verify/Certificate check',
  component: VerifyView,
  decorators: [
    (Story) => (
      <PublicLayout>
        <Story />
      </PublicLayout>
    ),
    withRouterAt('/verify/5-612g1NJ7Fzymk3O4'),
  ],
  args: { code: '5-612g1NJ7Fzymk3O4', onCheck: fn(), state: { kind: 'checking' } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof VerifyView>;
export default meta;

type Story = StoryObj<typeof meta>;

const genuine = {
  genuine: true as const,
  applid: 5,
  certificateNo: 'CC/PS1701001/2026/000005',
  certifiedAt: '2026-10-16T00:27:00.000Z',
  certifyingOffice: 'Locality/Cantonment: Laitumkhrah',
  tenantName: 'Imran Hussain',
  landlordName: 'Wanphrang R. Syiem',
};

/** The call is under way. */
export const Checking: Story = {};

/** Issued by the portal and the tenant still lives in the unit. */
export const GenuineAndValid: Story = {
  args: { state: { kind: 'answered', reply: { ...genuine, valid: true, reason: null } } },
};

/** Issued by the portal, but the tenant has since shifted (APARV). */
export const GenuineNoLongerValid: Story = {
  args: {
    state: {
      kind: 'answered',
      reply: {
        ...genuine,
        valid: false,
        reason: 'The tenant has since shifted from the rental unit; this certificate no longer stands.',
      },
    },
  },
};

/** A code the portal never issued (altered or forged). */
export const NotGenuine: Story = {
  args: { code: '5-AAAAAAAAAAAAAAAA', state: { kind: 'answered', reply: { genuine: false } } },
};

/** The check could not be made (here: too many checks from one address). */
export const Failed: Story = {
  args: {
    state: {
      kind: 'failed',
      message: 'Too many requests from your address. Please wait a minute and try again.',
    },
  },
};
