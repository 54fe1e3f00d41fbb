/**
 * Saves a base64 PDF the server made as a file. The spec's client decodes it in 1024-character chunks (section 9),
 * which keeps a large form from being turned into one huge string of bytes at once.
 */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  // 1024 is a multiple of 4, so every chunk is whole base64 on its own.
  for (let offset = 0; offset < base64.length; offset += 1024) {
    const binary = atob(base64.slice(offset, offset + 1024));
    const part = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) part[i] = binary.charCodeAt(i);
    parts.push(part);
  }
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/**
 * A download through a temporary link: a new window opened after an await is blocked as a pop-up by browsers,
 * a download is not, and the browser's PDF viewer opens the file from there.
 */
export function saveBase64File(base64: string, contenttype: string, filename: string): void {
  saveBlob(new Blob([base64ToBytes(base64)], { type: contenttype }), filename);
}

/** Saves bytes made in the browser (the report's PDF) as a file, the same way. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
