import type { Page } from 'playwright-core';

/**
 * A landscape photo stand-in for the hero image tests and the weight benchmark, drawn by Chromium itself (no
 * binary in the repository): sky, hills and fine grain (grain makes a JPEG as heavy as a real photo), 1600 x 900,
 * as a JPEG at the highest quality that stays within `maxBytes`.
 */
export async function drawHeroPicture(page: Page, maxBytes = 1024 * 1024): Promise<Buffer> {
  const base64 = await page.evaluate(async (limit) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 900;
    const g = canvas.getContext('2d')!;
    const sky = g.createLinearGradient(0, 0, 0, 900);
    sky.addColorStop(0, '#6fa8dc');
    sky.addColorStop(1, '#f6d7a7');
    g.fillStyle = sky;
    g.fillRect(0, 0, 1600, 900);
    g.fillStyle = '#2e6b3a';
    g.beginPath();
    g.moveTo(0, 620);
    for (let x = 0; x <= 1600; x += 40) g.lineTo(x, 600 - 120 * Math.sin(x / 210) - 40 * Math.sin(x / 47));
    g.lineTo(1600, 900);
    g.lineTo(0, 900);
    g.fill();
    // Deterministic grain: the same picture on every run. (No named helper in here: tsx, which runs the
    // benchmark, would wrap it in a __name() call that the page does not have.)
    let seed = 42;
    const image = g.getImageData(0, 0, 1600, 900);
    for (let i = 0; i < image.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const grain = (seed / 2147483648 - 0.5) * 46;
      for (let c = 0; c < 3; c++) image.data[i + c] = Math.max(0, Math.min(255, image.data[i + c] + grain));
    }
    g.putImageData(image, 0, 0);
    for (const quality of [0.95, 0.9, 0.85, 0.8, 0.7, 0.6, 0.5]) {
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b!), 'image/jpeg', quality),
      );
      if (blob.size <= limit) {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000)
          text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
      }
    }
    throw new Error('the picture does not fit');
  }, maxBytes);
  return Buffer.from(base64, 'base64');
}
