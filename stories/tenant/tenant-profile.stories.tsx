import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { TenantDialogWithFakes } from './tenant-dialog-with-fakes';
import { choose } from './tenant-form-fill';
import { button, openProfileTab } from './tenant-story-steps';

/** The tenant profile's Family Members, Domestic Helpers and Documents tabs and their dialogs. */
const meta = {
  title: 'Tenant/Tenant profile tabs',
  component: TenantDialogWithFakes,
  args: { opened: true, onClose: fn() },
} satisfies Meta<typeof TenantDialogWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async (name: string) => within(await screen.findByRole('dialog', { name }));

/** Family Members List: one active member with a photo, one who left. */
export const FamilyMembers: Story = {
  play: async () => {
    await openProfileTab('Family Members');
    await waitFor(() => expect(screen.getByText('Left on 14-03-2026')).toBeVisible());
  },
};

/** The family list is empty. */
export const NoFamilyMembers: Story = {
  args: { services: { family: [] } },
  play: async () => {
    await openProfileTab('Family Members');
    await waitFor(() => expect(screen.getByText('No family members')).toBeVisible());
  },
};

/** New Family Member with its required fields left empty. */
export const NewFamilyMemberErrors: Story = {
  play: async () => {
    await openProfileTab('Family Members');
    await userEvent.click(await screen.findByRole('button', { name: 'New Family Member' }));
    const form = await dialog('New Family Member');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(form.getByText('Relationship required')).toBeVisible());
  },
};

/** Saved: the photo upload follows with the new memberCode. */
export const FamilyPhotoUpload: Story = {
  play: async () => {
    await openProfileTab('Family Members');
    await userEvent.click(await screen.findByRole('button', { name: 'New Family Member' }));
    const form = await dialog('New Family Member');
    await userEvent.type(form.getByLabelText(/^Member Name/), 'Ribha Kharkongor');
    await choose(/^Relationship/, 'Spouse');
    await choose(/^Occupation/, 'Homemaker');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    const upload = await screen.findByRole('dialog', { name: 'Upload Photo' });
    await waitFor(() => expect(upload).toBeVisible());
  },
};

/** The remove question for an active member. */
export const RemoveFamilyMember: Story = {
  play: async () => {
    await openProfileTab('Family Members');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Dari Kharkongor' }));
    await waitFor(() =>
      expect(screen.getByText('Are you sure you want to remove Dari Kharkongor?')).toBeVisible(),
    );
  },
};

/** Domestic Helpers List with one helper without a signature. */
export const Helpers: Story = {
  play: async () => {
    await openProfileTab('Domestic Helpers');
    await waitFor(() => expect(screen.getByText('Bah Shanbor')).toBeVisible());
  },
};

/** New Helper saved with wrong data: the field messages and the re-check snackbar. */
export const NewHelperErrors: Story = {
  play: async () => {
    await openProfileTab('Domestic Helpers');
    await userEvent.click(await screen.findByRole('button', { name: 'New Helper' }));
    const form = await dialog('New Helper');
    await userEvent.type(form.getByLabelText(/^Permanent Address: Pincode/), '7930');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(form.getByText('Invalid Pincode. Must be 6 digits.')).toBeVisible());
    await expect(
      await screen.findByText('Some of the data you entered might be incorrect. Please re-check!'),
    ).toBeVisible();
  },
};

/** Tenant's Documents with the photo only. */
export const Documents: Story = {
  play: async () => {
    await openProfileTab('Documents');
    await waitFor(() => expect(screen.getByRole('button', { name: 'View Photo' })).toBeVisible());
  },
};

/** New Document for an identity proof: the kind of proof is asked (never Aadhaar). */
export const NewDocumentIdentityProof: Story = {
  play: async () => {
    await openProfileTab('Documents');
    await userEvent.click(await screen.findByRole('button', { name: 'New Document' }));
    await dialog('New Document');
    await choose(/^Document Type/, 'Identity proof');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Kind of Identity Proof/ })).toBeVisible(),
    );
  },
};

/** The camera dialog on a drawn stream (the front camera first). */
export const Camera: Story = {
  play: async () => {
    await openProfileTab('Documents');
    await userEvent.click(await screen.findByRole('button', { name: 'New Document' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Camera' }));
    const camera = await dialog('Take a photo');
    await expect(await camera.findByRole('switch', { name: /^Toggle Camera/ })).not.toBeChecked();
  },
};

/** The camera was refused (no permission or no camera). */
export const CameraDenied: Story = {
  args: { services: { camera: 'denied' } },
  play: async () => {
    await openProfileTab('Documents');
    await userEvent.click(await screen.findByRole('button', { name: 'New Document' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Camera' }));
    const camera = await dialog('Take a photo');
    await waitFor(() => expect(camera.getByRole('alert')).toHaveTextContent('Permission denied'));
    await expect(button('Capture')).toBeDisabled();
  },
};
