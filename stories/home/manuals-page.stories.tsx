import type { Meta, StoryObj } from '@storybook/react-vite';
import { ManualsPage } from '../../src/web/features/manuals/manuals-page';
import { withRouterAt } from '../app/story-frame';

const meta = {
  title: 'Home/Manuals',
  component: ManualsPage,
  decorators: [withRouterAt('/manuals')],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ManualsPage>;
export default meta;

export const Manuals: StoryObj<typeof meta> = {};
