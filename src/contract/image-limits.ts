/**
 * The most pixels a stored image may claim (docs/media.md, "Stored images are re-encoded"): a 50 MP phone photo
 * (8160 x 6120 = 49.9 MP) passes with room to spare (8192 x 8192 = 67.1 MP); a decompression bomb (a few bytes
 * whose header claims 30000 x 30000 = 900 MP) does not.
 */
export const MAX_IMAGE_PIXELS = 8192 * 8192;

/** The bound as people read it: "67 megapixels". */
export const MAX_IMAGE_MEGAPIXELS = Math.floor(MAX_IMAGE_PIXELS / 1_000_000);
