import { MAX_PHONE_HERO_BYTES, PHONE_HERO_MAX_SIDE } from '../../../contract/site-media-urls';

/**
 * The hero image's copy for phones (docs/media.md), drawn in the browser when the ADMIN uploads: the server has
 * no image decoder. A phone shows the banner tall and narrow (about 360 x 560 CSS pixels), so the copy is the
 * centre of the picture cut to 3:4 portrait, at most 600 x 800 pixels, as JPEG; lower quality is tried until it
 * fits in MAX_PHONE_HERO_BYTES. A transparent PNG is laid on the banner's dark blue, as the page shows it.
 */
const ASPECT = 3 / 4;
const QUALITIES = [0.8, 0.65, 0.5, 0.35];
const BANNER_BLUE = '#0d305a';

export async function makePhoneCopy(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const crop = centreCrop(bitmap.width, bitmap.height);
    const scale = Math.min(1, PHONE_HERO_MAX_SIDE / crop.height, (PHONE_HERO_MAX_SIDE * ASPECT) / crop.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(crop.width * scale));
    canvas.height = Math.max(1, Math.round(crop.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images.');
    context.fillStyle = BANNER_BLUE;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, crop.x, crop.y, crop.width, crop.height, 0, 0, canvas.width, canvas.height);
    for (const quality of QUALITIES) {
      const blob = await toJpeg(canvas, quality);
      if (blob.size <= MAX_PHONE_HERO_BYTES) return blob;
    }
    throw new Error('The picture is too detailed to make a small copy for phones. Please choose another.');
  } finally {
    bitmap.close();
  }
}

/** The largest 3:4 portrait rectangle in the middle of the picture. */
export function centreCrop(width: number, height: number) {
  const cropWidth = Math.min(width, Math.round(height * ASPECT));
  const cropHeight = Math.min(height, Math.round(width / ASPECT));
  return {
    x: Math.round((width - cropWidth) / 2),
    y: Math.round((height - cropHeight) / 2),
    width: cropWidth,
    height: cropHeight,
  };
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The copy for phones could not be made.'))),
      'image/jpeg',
      quality,
    ),
  );
}
