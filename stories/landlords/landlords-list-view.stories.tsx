import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LandlordsListView } from '../../src/web/features/landlords/landlords-list-view';
import type { LandlordRow } from '../../src/contract/register.contract';

const DEMO_WARDS = [
  { localAuthorityCode: 'PS1701001LA01W01', localAuthorityName: 'Laitumkhrah Main' },
  { localAuthorityCode: 'PS1701001LA01W02', localAuthorityName: 'Nongrim Hills' },
];

const row = (id: number, firstName: string, lastName: string, occupation: string): LandlordRow => ({
  id,
  landlord_id: id,
  firstName,
  middleName: id % 2 ? null : 'Kupar',
  lastName,
  mobile: `98620${String(10000 + id)}`,
  occupation,
});
const ROWS = [
  row(1, 'Wanphrang', 'Nongbri', 'Business'),
  row(2, 'Ibalari', 'Warjri', 'Teacher'),
  row(3, 'Rikynti', 'Dkhar', 'Retired'),
];
const page = (pageNumber: number, totalPages: number) => ({
  content: ROWS,
  totalPages,
  totalElements: totalPages * 10,
  pageNumber,
  pageSize: 10,
  iscurrentPageFirst: pageNumber === 0,
  iscurrentPageLast: pageNumber === totalPages - 1,
});

/** The landlords list: loading, loaded with pages, empty/failed, and with the SUPERMODERATOR's filter. */
const meta = {
  title: 'Landlords/Landlords list',
  component: LandlordsListView,
  args: { onPage: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof LandlordsListView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: { status: 'loading' } } };
export const Loaded: Story = { args: { state: { status: 'loaded', page: page(0, 3) } } };
export const NoLandlords: Story = { args: { state: { status: 'failed' } } };
export const SupermoderatorFilter: Story = {
  args: {
    state: { status: 'loaded', page: page(1, 3) },
    wardFilter: {
      localityCode: 'PS1701001LA01',
      wards: DEMO_WARDS,
      value: 'PS1701001LA01W02',
      onChange: fn(),
    },
  },
};
