import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Text } from '@mantine/core';
import { expect, within } from 'storybook/test';
import { DEMO_BANNER_TEXT } from '../../src/contract/demo-mode.contract';
import { DemoBanner } from '../../src/web/components/demo-banner';

/** The banner every page shows while the server's outbox is readable (MRSS_DEMO, docs/demo-and-production.md). */
const meta = {
  title: 'Components/Demo banner',
  component: DemoBanner,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DemoBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(DEMO_BANNER_TEXT);
  },
};

/** At the narrowest phone the portal supports: the text wraps, nothing is cut. */
export const Phone360: Story = {
  render: () => (
    <Box w={360} style={{ border: '1px dashed #999' }}>
      <Text p="md">Page content above the banner.</Text>
      <DemoBanner />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('status');
    await expect(banner).toHaveTextContent(DEMO_BANNER_TEXT);
    await expect(banner.scrollWidth).toBeLessThanOrEqual(360);
  },
};
