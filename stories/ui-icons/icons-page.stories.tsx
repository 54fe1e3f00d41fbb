import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { OWN_ICONS } from '../../src/web/app/routes/own-icons';
import { IconsPage, MANTINE_ICONS } from '../../src/web/features/ui-icons/icons-page';

/** /app/ui/icons: the product's icon set, as the route fills it. */
const meta = {
  title: 'UI/Icons',
  component: IconsPage,
  args: { ownIcons: OWN_ICONS },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof IconsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every icon with its name and where it is used. */
export const AllIcons: Story = {
  play: async () => {
    const own = screen.getByRole('region', { name: "The portal's own icons" });
    await expect(within(own).getAllByRole('listitem')).toHaveLength(OWN_ICONS.length);
    const mantine = screen.getByRole('region', { name: 'Icons drawn by Mantine components' });
    await expect(within(mantine).getAllByRole('listitem')).toHaveLength(MANTINE_ICONS.length);
    await expect(screen.getByText('RefreshIcon')).toBeVisible();
  },
};
