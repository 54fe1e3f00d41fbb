import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent } from 'storybook/test';
import { MEDIA_MESSAGES } from '../../../src/contract/site-media.contract';
import { checkChosenImage } from '../../../src/web/features/media-update/image-check';
import { centreCrop } from '../../../src/web/features/media-update/phone-copy';
import * as stories from '../../../stories/media-update/media-update-page.stories';
import { pickedFile } from '../../../stories/media-update/media-update-fakes';
import { callsOf } from '../../support/fake-calls';

const all = composeStories(stories);
const Page = all.NoImageYet;
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('Media Update stories', () => {
  it.each(Object.entries(all))('%s plays to its state', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
  });
});

describe('the browser check before an upload', () => {
  it('reads the type from the first bytes, whatever the name or the claimed type', async () => {
    expect(await checkChosenImage(pickedFile('png', 'holiday.jpg'))).toEqual({ ok: true, type: 'image/png' });
    expect(await checkChosenImage(pickedFile('jpeg', 'hero.png'))).toEqual({ ok: true, type: 'image/jpeg' });
    expect(await checkChosenImage(pickedFile('text', 'hero.png'))).toEqual({
      ok: false,
      message: MEDIA_MESSAGES.notImage,
    });
  });

  it('takes exactly 1 MB and refuses one byte more, and an empty file', async () => {
    const exactly = new File([new Uint8Array([0xff, 0xd8, 0xff]), new Uint8Array(1024 * 1024 - 3)], 'a.jpg');
    expect(await checkChosenImage(exactly)).toEqual({ ok: true, type: 'image/jpeg' });
    expect(await checkChosenImage(pickedFile('too-large'))).toEqual({
      ok: false,
      message: MEDIA_MESSAGES.tooLarge,
    });
    expect(await checkChosenImage(new File([], 'empty.png'))).toEqual({
      ok: false,
      message: MEDIA_MESSAGES.noFile,
    });
  });

  it('cuts the phone copy from the middle of the picture, 3:4 portrait', () => {
    expect(centreCrop(1600, 900)).toEqual({ x: 463, y: 0, width: 675, height: 900 });
    expect(centreCrop(600, 1200)).toEqual({ x: 0, y: 200, width: 600, height: 800 });
  });
});

describe('Update Image card', () => {
  it('sends both images as data URLs and nothing for a refused file', async () => {
    const onCall = fn();
    render(<Page media={{ onCall }} />);
    await screen.findByText(/No image has been uploaded yet/);

    await userEvent.upload(fileInput(), pickedFile('text'));
    await screen.findByRole('alert');
    expect(callsOf(onCall, 'phoneCopy')).toEqual([]);

    await userEvent.upload(fileInput(), pickedFile('png', 'holiday.jpg'));
    const upload = screen.getByRole('button', { name: 'Upload' });
    await waitFor(() => expect(upload).toBeEnabled());
    await userEvent.click(upload);
    await screen.findByText(MEDIA_MESSAGES.updated);
    const [[body]] = callsOf(onCall, 'upload') as [[{ image: string; phoneImage: string }]];
    expect(body.image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(body.phoneImage).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    // The picker is emptied after a successful upload: Upload waits for the next file.
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it('says so when the current image cannot be loaded', async () => {
    render(<Page media={{ current: 'fails' }} />);
    expect(await screen.findByText('The current image could not be shown')).toBeVisible();
  });
});
