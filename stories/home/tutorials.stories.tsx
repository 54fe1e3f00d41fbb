import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { LandlordRegistrationIllustration } from '../../src/web/features/home/landlord-registration-illustration';
import { TutorialsSection } from '../../src/web/features/home/tutorials-section';

/**
 * The landing page's tutorials, both read from their machines: the Application Flow from the lifecycle, the
 * Landlord Registration from the landlord stepper's `meta.tutorial` states.
 */
const meta = {
  title: 'Home/Tutorials',
  component: TutorialsSection,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof TutorialsSection>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Both tutorials, as on the page (their chunks load when scrolled to; here at once). */
export const Tutorials: Story = {
  play: async () => {
    const steps = await screen.findByRole('list', { name: 'Steps of a landlord registration' });
    await expect(within(steps).getAllByRole('listitem').length).toBeGreaterThan(3);
  },
};

/** The Landlord Registration steps alone. */
export const LandlordRegistration: StoryObj<typeof LandlordRegistrationIllustration> = {
  render: () => <LandlordRegistrationIllustration />,
};
