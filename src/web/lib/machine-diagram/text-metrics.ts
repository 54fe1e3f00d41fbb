/**
 * Text sizes for the diagrams, estimated from character classes rather than measured in a browser, so the
 * layout is the same in Node (the docs' SVGs) and in the browser (the gallery), and the SVG is reproducible.
 * The estimate errs wide for the diagram font (13 px sans-serif), so text never overflows its box.
 */
export const FONT_SIZE = 13;
export const LINE_HEIGHT = 17;
export const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const NARROW = new Set([..."il.,:;|!'`()[]{} jtfrI1"]);
const WIDE = new Set([...'mwMW@%']);

function charWidth(char: string): number {
  if (NARROW.has(char)) return 4.4;
  if (WIDE.has(char)) return 11.5;
  if (char >= 'A' && char <= 'Z') return 9.2;
  return 7.6;
}

export function textWidth(text: string, bold = false): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return Math.ceil(width * (bold ? 1.08 : 1));
}

/**
 * Breaks a long text into lines of at most `maxWidth`, between words; a single word wider than that keeps a
 * line of its own rather than being cut in the middle of an identifier.
 */
export function wrapText(text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}
