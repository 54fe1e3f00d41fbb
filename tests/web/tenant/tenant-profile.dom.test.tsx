import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/tenant/tenant-profile.stories';
import { choose } from '../../../stories/tenant/tenant-form-fill';
import { openProfileTab } from '../../../stories/tenant/tenant-story-steps';
import { callsOf } from '../../support/fake-calls';

const all = composeStories(stories);
const { FamilyMembers, Helpers, Documents, FamilyPhotoUpload, NewDocumentIdentityProof, Camera } = all;

afterEach(() =>
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  }),
);

const jpeg = (bytes: number, name = 'photo.jpg') =>
  new File([new Uint8Array(bytes).fill(0xff)], name, { type: 'image/jpeg' });
/** Mantine's FileInput is a button over a hidden file input: files go to the input of the dialog named. */
const fileInputIn = (dialogName: string) =>
  screen.getByRole('dialog', { name: dialogName }).querySelector('input[type="file"]') as HTMLInputElement;

describe('Tenant profile stories', () => {
  it.each(Object.entries(all))('%s plays to its state', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
  });
});

describe('Family Members tab', () => {
  it('shows Active or Left on, offers Remove only to active members, and removes after Yes', async () => {
    const onCall = fn();
    render(<FamilyMembers services={{ onCall }} />);
    await FamilyMembers.play?.();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]).getByText('Active')).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button', { name: /Remove/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Dari Kharkongor' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Family Member successfully removed!')).toBeInTheDocument();
    expect(callsOf(onCall, 'removeFamilyMember')).toEqual([[1001, 501]]);
    await waitFor(() => expect(screen.getAllByText(/^Left on/)).toHaveLength(2));
  });

  it('shows a member photo in the viewer', async () => {
    const onCall = fn();
    render(<FamilyMembers services={{ onCall }} />);
    await FamilyMembers.play?.();
    await user.click(screen.getByRole('button', { name: 'View photo of Dari Kharkongor' }));
    expect(await screen.findByRole('img', { name: 'Photo of Dari Kharkongor' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/jpeg;base64,\/9j\//),
    );
    expect(callsOf(onCall, 'document')).toEqual([[9001]]);
  });

  it('says when a member has no photo', async () => {
    render(<FamilyMembers />);
    await FamilyMembers.play?.();
    await user.click(screen.getByRole('button', { name: 'View photo of Kyrmen Lyngdoh' }));
    expect(await screen.findByText('No Photo Uploaded For This Member!')).toBeInTheDocument();
  });

  it('uploads the new member photo under its memberCode, asking for a file first', async () => {
    const onCall = fn();
    render(<FamilyPhotoUpload services={{ onCall }} />);
    await FamilyPhotoUpload.play?.();
    const upload = within(screen.getByRole('dialog', { name: 'Upload Photo' }));
    await user.click(upload.getByRole('button', { name: 'Upload' }));
    expect(upload.getByText('Please Choose a file to upload')).toBeInTheDocument();
    await user.upload(fileInputIn('Upload Photo'), jpeg(2000));
    await user.click(upload.getByRole('button', { name: 'Upload' }));
    // The dialog closes once the upload is through (its snackbar may wait behind three others).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Photo' })).toBeNull());
    const [[body]] = callsOf(onCall, 'upload') as [[Record<string, unknown>]];
    expect(body).toMatchObject({
      ownerid: 701,
      ownertype: 'tenantfamily',
      doctype: 'PHOTO',
      contenttype: 'image/jpeg',
    });
    expect(callsOf(onCall, 'addFamilyMember')[0][1]).toEqual({
      memberName: 'Ribha Kharkongor',
      age: null,
      relationship: 'Spouse',
      occupation: 'Homemaker',
    });
  });

  it("shows the form's snackbars for 6 s, the stepper's own for 3 s (public-portal.md section 8)", async () => {
    const show = vi.spyOn(notifications, 'show');
    try {
      render(<FamilyPhotoUpload />);
      await FamilyPhotoUpload.play?.();
      await user.upload(fileInputIn('Upload Photo'), jpeg(2000));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Upload Photo' })).getByRole('button', { name: 'Upload' }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Photo' })).toBeNull());
      const durations = Object.fromEntries(
        show.mock.calls.map(([options]) => [options.message as string, options.autoClose]),
      );
      expect(durations).toMatchObject({
        'OTP has been successfully verified!': 3000,
        'Successfully Saved Family Member': 6000,
        'PHOTO Uploaded Successfully!': 6000,
      });
    } finally {
      show.mockRestore();
    }
  });
});

describe('Domestic Helpers tab', () => {
  it('says "No image uploaded!" for a helper without a signature', async () => {
    render(<Helpers />);
    await Helpers.play?.();
    await user.click(screen.getByRole('button', { name: 'View signature of Bah Shanbor' }));
    expect(await screen.findByText('No image uploaded!')).toBeInTheDocument();
  });

  it('saves a helper with the spec shape and asks for the signature', async () => {
    const onCall = fn();
    render(<Helpers services={{ onCall }} />);
    await openProfileTab('Domestic Helpers');
    await user.click(await screen.findByRole('button', { name: 'New Helper' }));
    const form = within(await screen.findByRole('dialog', { name: 'New Helper' }));
    await user.type(form.getByLabelText(/^Member Name/), 'Kong Mary');
    await user.type(form.getByLabelText(/^Date of Birth/), '1975-01-20');
    await user.type(form.getByLabelText(/^Permanent Address: Address Line 1/), 'Mawkhar');
    await choose(/^Permanent Address: State/, 'Meghalaya');
    await choose(/^Permanent Address: District/, 'East Khasi Hills');
    await user.type(form.getByLabelText(/^Permanent Address: Pincode/), '793002');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Signature' })).toBeInTheDocument();
    expect(callsOf(onCall, 'addHelper')[0][1]).toMatchObject({
      memberName: 'Kong Mary',
      age: '1975-01-20',
      permanentAddress: {
        address1: 'Mawkhar',
        pinCode: '793002',
        district: { districtCode: '1701' },
        statename: { stateCode: '17', stateName: 'Meghalaya' },
      },
      presentAddress: { pinCode: null },
    });
  });
});

describe('Documents tab', () => {
  it('refuses a file over 500 KB before sending it', async () => {
    const onCall = fn();
    render(<Documents services={{ onCall }} />);
    await Documents.play?.();
    await user.click(screen.getByRole('button', { name: 'New Document' }));
    await screen.findByRole('dialog', { name: 'New Document' });
    await choose(/^Document Type/, 'Signature');
    await user.upload(fileInputIn('New Document'), jpeg(512_001));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(/larger than 500 KB/)).toBeInTheDocument();
    expect(callsOf(onCall, 'upload')).toEqual([]);
  });

  it('offers EPIC, driving licence, PAN and passport as proof, never Aadhaar, and sends the kind', async () => {
    const onCall = fn();
    render(<NewDocumentIdentityProof services={{ onCall }} />);
    await NewDocumentIdentityProof.play?.();
    await choose(/^Kind of Identity Proof/, 'Driving licence');
    const kinds = document.querySelectorAll('[role="option"]');
    expect([...kinds].map((k) => k.textContent).join(' ')).not.toMatch(/aadha/i);
    await user.upload(fileInputIn('New Document'), jpeg(4000, 'licence.jpg'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('IDENTITYPROOF Uploaded Successfully!')).toBeInTheDocument();
    expect(callsOf(onCall, 'upload')[0][0]).toMatchObject({
      ownerid: 1001,
      ownertype: 'tenant',
      doctype: 'IDENTITYPROOF',
      idtype: 'DL',
    });
    expect(await screen.findByRole('button', { name: 'View Identity proof' })).toBeInTheDocument();
  });

  it('opens the front camera first and the back one after Toggle Camera', async () => {
    const onCall = fn();
    render(<Camera services={{ onCall, camera: 'denied' }} />);
    await Camera.play?.();
    await user.click(await screen.findByRole('switch', { name: /^Toggle Camera/ }));
    await waitFor(() => expect(callsOf(onCall, 'openCamera')).toEqual([['user'], ['environment']]));
  });
});
