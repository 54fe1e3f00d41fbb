import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../../contract/documents.contract';

/** A file ready for `uploaddocument/`: plain base64 and its content type. */
export interface FileData {
  base64: string;
  contenttype: string;
  size: number;
}

export const JPEG = 'image/jpeg';
const JPEG_QUALITIES = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4];

export function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve((reader.result as string).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}

export async function fileData(blob: Blob, contenttype = blob.type): Promise<FileData> {
  return { base64: await blobToBase64(blob), contenttype, size: blob.size };
}

function canvasToJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made into a JPEG.'))),
      JPEG,
      quality,
    ),
  );
}

/**
 * Draws a picture (a video frame or a decoded image) on a canvas and saves it as a JPEG, lowering the quality
 * until it fits the 500 KB limit: photos are always sent as JPEG (public-portal.md section 5).
 */
export async function drawAsJpeg(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  // A phone camera frame can be 4000 px wide; 1600 px is plenty for an ID photo and keeps the file small.
  const scale = Math.min(1, 1600 / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw pictures.');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  let jpeg = await canvasToJpeg(canvas, JPEG_QUALITIES[0]);
  for (const quality of JPEG_QUALITIES.slice(1)) {
    if (jpeg.size <= MAX_UPLOAD_BYTES) break;
    jpeg = await canvasToJpeg(canvas, quality);
  }
  return jpeg;
}

/** An image file of another kind (PNG, WebP ...) converted to JPEG in the browser. */
export async function imageFileToJpeg(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    return await drawAsJpeg(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** The size rule every upload shares, checked before the file travels. */
export function sizeProblem(size: number): string | null {
  if (size === 0) return UPLOAD_MESSAGES.noFile;
  return size > MAX_UPLOAD_BYTES ? UPLOAD_MESSAGES.tooLarge : null;
}
