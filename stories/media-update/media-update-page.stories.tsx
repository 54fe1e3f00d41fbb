import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { MEDIA_MESSAGES } from '../../src/contract/site-media.contract';
import { MediaUpdatePageWithFakes, pickedFile, UPLOAD_REFUSED } from './media-update-fakes';

/** Media Update (/app/media-update, ADMIN): the Update Image card in each of its states, over fake calls. */
const meta = {
  title: 'Media update/Update Image',
  component: MediaUpdatePageWithFakes,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof MediaUpdatePageWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const uploadButton = () => screen.getByRole('button', { name: 'Upload' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

async function choose(file: File) {
  await screen.findByText(/No image has been uploaded yet|Current image:/);
  await userEvent.upload(fileInput(), file);
}

/** No image was uploaded yet: the landing page shows its plain banner; Upload waits for a file. */
export const NoImageYet: Story = {
  play: async () => {
    await expect(await screen.findByText(/No image has been uploaded yet/)).toBeVisible();
    await expect(uploadButton()).toBeDisabled();
  },
};

/** The current image, as wide screens and phones get it. */
export const CurrentImage: Story = {
  args: { media: { current: 'image' } },
  play: async () => {
    await expect(await screen.findByText(/Current image: JPEG, 402 KB/)).toBeVisible();
    await expect(screen.getByAltText('The current hero image, the copy phones get')).toBeVisible();
  },
};

/** A JPEG was chosen: its preview (wide and phone) and Upload enabled. */
export const ChosenPreview: Story = {
  play: async () => {
    await choose(pickedFile('jpeg'));
    await expect(await screen.findByAltText('The chosen image, as wide screens show it')).toBeVisible();
    await expect(uploadButton()).toBeEnabled();
  },
};

/** A text file named hero.png: refused in the browser from its bytes, nothing sent. */
export const WrongType: Story = {
  play: async () => {
    await choose(pickedFile('text'));
    await expect(await screen.findByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.notImage);
    await expect(uploadButton()).toBeDisabled();
  },
};

/** A picture of 1 MB and one byte: refused in the browser. */
export const TooLarge: Story = {
  play: async () => {
    await choose(pickedFile('too-large'));
    await expect(await screen.findByRole('alert')).toHaveTextContent(MEDIA_MESSAGES.tooLarge);
    await expect(uploadButton()).toBeDisabled();
  },
};

/** The upload is on its way. */
export const Uploading: Story = {
  args: { media: { upload: 'pending' } },
  play: async () => {
    await choose(pickedFile('png'));
    await userEvent.click(await waitFor(() => enabled(uploadButton())));
    await waitFor(() => expect(uploadButton()).toHaveAttribute('data-loading', 'true'));
  },
};

/** The server refused the upload: its message, and the choice kept to try again. */
export const Failed: Story = {
  args: { media: { upload: 'fails' } },
  play: async () => {
    await choose(pickedFile('jpeg'));
    await userEvent.click(await waitFor(() => enabled(uploadButton())));
    await expect(await screen.findByRole('alert')).toHaveTextContent(UPLOAD_REFUSED);
    await expect(uploadButton()).toBeEnabled();
  },
};

/** Uploaded: the success message and the new current image. */
export const Done: Story = {
  play: async () => {
    await choose(pickedFile('jpeg'));
    await userEvent.click(await waitFor(() => enabled(uploadButton())));
    await expect(await screen.findByText(MEDIA_MESSAGES.updated)).toBeVisible();
    await expect(await screen.findByText(/updated on 24-11-2026 by admin/)).toBeVisible();
  },
};

function enabled(button: HTMLElement): HTMLElement {
  if (button.hasAttribute('disabled')) throw new Error('Upload is still disabled');
  return button;
}
