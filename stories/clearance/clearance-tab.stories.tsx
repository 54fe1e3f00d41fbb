import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { ClearanceTab } from '../../src/web/features/clearance/clearance-tab';
import { clearanceKey, fakeClearanceLogic, type ClearanceFakes } from './clearance-fakes';
import { CLEARANCE_MESSAGES } from '../../machines/clearance';
import { apply, button, chooseUnit, generate } from './clearance-steps';

function ClearanceTabWithFakes({
  fakes = {},
  onKeyEnded = () => {},
}: {
  fakes?: ClearanceFakes;
  onKeyEnded?: () => void;
}) {
  return (
    <ClearanceTab landlordKey={clearanceKey} onKeyEnded={onKeyEnded} logic={fakeClearanceLogic(fakes)} />
  );
}

/** The landlord page's Clearance tab: the page's key, so no Landlord Epic and no second OTP. */
const meta = {
  title: 'Clearance/Landlord page tab',
  component: ClearanceTabWithFakes,
  args: { onKeyEnded: fn() },
} satisfies Meta<typeof ClearanceTabWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** verified at once: the vacant units, no OTP. */
export const WithKey: Story = {
  play: async () => {
    await chooseUnit(true);
    await expect(screen.queryByLabelText('Landlord Epic')).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Get OTP' })).toBeNull();
  },
};

/** Applied on the tab: Download Application is offered. */
export const Applied: Story = {
  play: async () => {
    await apply(true);
    await waitFor(() => expect(button('Download Application')).toBeEnabled());
  },
};

/** Reset on the consent step: the application is withdrawn and the tab loads the vacant units again. */
export const WithdrawnOnReset: Story = {
  args: { fakes: { onCall: fn() } },
  play: async ({ args }) => {
    await generate(true);
    await userEvent.click(button('Reset'));
    await expect(await screen.findByText(CLEARANCE_MESSAGES.withdrawn)).toBeVisible();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Rental Unit' })).toBeEnabled());
    await expect(args.fakes?.onCall).toHaveBeenCalledWith(
      'withdrawApplication',
      expect.objectContaining({ applid: 501 }),
    );
  },
};

/** ended: the key was refused while the tab used it; the page is told to log out. */
export const KeyEnded: Story = {
  args: { fakes: { units: 'keyEnded' } },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onKeyEnded).toHaveBeenCalledOnce());
  },
};
