import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Stack, Table } from '@mantine/core';
import { STATUS_CODES, statusListLabel, type StaffRole } from '../../machines/application';
import { StatusBadge } from '../../src/web/components/status-badge';

/** The status badge of the application lists: the machine's words for the viewer, never cut (issue 8). */
const meta = {
  title: 'Components/Status badge',
  component: StatusBadge,
  args: { status: 'PLVP', label: statusListLabel('PLVP') },
} satisfies Meta<typeof StatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every label a list can show: each status as an official sees it, plus the moderator's forwarded wording. */
const EVERY_LABEL: { status: string; label: string }[] = [
  ...STATUS_CODES.map((status) => ({ status, label: statusListLabel(status) })),
  { status: 'LAVP', label: statusListLabel('LAVP', 'MODERATOR' satisfies StaffRole) },
];

export const Approved: Story = {};

export const EveryStatus: Story = {
  render: () => (
    <Stack align="flex-start" gap="xs">
      {EVERY_LABEL.map(({ status, label }) => (
        <StatusBadge key={`${status}-${label}`} status={status} label={label} />
      ))}
    </Stack>
  ),
};

/**
 * The layout of the bug: a table squeezed by a long address. The Status column keeps each label whole
 * (one word per line at worst) instead of 'APPROV...'.
 */
export const InASqueezedTable: Story = {
  render: () => (
    <Box w={360}>
      <Table aria-label="Statuses in a narrow table">
        <Table.Tbody>
          {EVERY_LABEL.map(({ status, label }) => (
            <Table.Tr key={`${status}-${label}`}>
              <Table.Td>
                Flat 12B, Second Floor, Lum Jingshai Apartments, Upper Lachumiere, near Bethany Hospital,
                Shillong
              </Table.Td>
              <Table.Td>
                <StatusBadge status={status} label={label} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  ),
};
