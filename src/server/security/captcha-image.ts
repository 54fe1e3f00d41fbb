import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

// The captcha's picture (docs/sign-in-security.md, "The captcha's picture"). svg-captcha draws each character as a
// path whose drawing commands are the same every time that character appears, so a program that had seen a few
// captchas read every later one by looking the paths up (pen-test round 2, 27-11-2026). Here every coordinate of
// every path is moved by a random fraction of a pixel, each character is turned and shifted on its own, and the
// drawing is sent as PNG pixels, not as SVG text: there is no drawing command left to look up.

// svg-captcha's default export draws a given text; its typings only describe create(), whose text comes
// from Math.random. We pick the text with crypto.randomInt and let the library draw it.
type DrawOptions = NonNullable<Parameters<typeof svgCaptcha.create>[0]>;
const drawCaptcha = svgCaptcha as unknown as (text: string, options: DrawOptions) => string;

const WIDTH = 150;
const HEIGHT = 50;
/** Drawn at twice the size it is shown, so it stays sharp on a phone's screen. */
const SCALE = 2;
/** How far each coordinate moves, in pixels each way. */
const JITTER_PX = 0.8;
/** How far each character turns, in degrees each way. */
const TURN_DEG = 12;

/** A random number in [-spread, spread], from the operating system's generator. */
function randomOffset(spread: number): number {
  return ((randomInt(2_000_001) - 1_000_000) / 1_000_000) * spread;
}

/** Moves every number of a path's drawing commands a little. */
function jitterPath(d: string): string {
  return d.replace(/-?\d+(\.\d+)?/g, (n) => (Number(n) + randomOffset(JITTER_PX)).toFixed(2));
}

/**
 * Each filled path (a character; the noise lines are strokes) gets its own jittered commands and its own turn around
 * its first point.
 */
function scramble(svg: string): string {
  return svg.replace(
    /<path([^>]*?) d="([^"]+)"([^>]*)\/>/g,
    (_whole, before: string, d: string, after: string) => {
      const jittered = jitterPath(d);
      const isCharacter = !/stroke=/.test(before + after);
      if (!isCharacter) return `<path${before} d="${jittered}"${after}/>`;
      const [x = '0', y = '0'] = jittered.match(/-?\d+(\.\d+)?/g) ?? [];
      const turn = `rotate(${randomOffset(TURN_DEG).toFixed(1)} ${x} ${y}) translate(0 ${randomOffset(2).toFixed(1)})`;
      return `<path${before} d="${jittered}" transform="${turn}"${after}/>`;
    },
  );
}

/** The captcha for `text` as a PNG, different pixels every time even for the same text. */
export async function captchaPng(text: string): Promise<Buffer> {
  const svg = drawCaptcha(text, {
    width: WIDTH,
    height: HEIGHT,
    fontSize: 50,
    noise: 3,
    color: false,
    background: '#ffffff',
  });
  return sharp(Buffer.from(scramble(svg)), { density: 72 * SCALE })
    .resize(WIDTH * SCALE, HEIGHT * SCALE)
    .png({ compressionLevel: 6 })
    .toBuffer();
}
