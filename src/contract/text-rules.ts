/**
 * The one input rule for text (docs/input-safety.md). PostgreSQL cannot store a NUL character in a text column,
 * and an unpaired UTF-16 surrogate is not a character at all: neither belongs in any field of this product. The
 * server refuses a request holding one in any string it received (path, query or body) with 400 before its
 * schema runs; the web app may use the same predicate on its forms. Pure TypeScript: no server or DOM imports.
 */

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point of this rule
const UNSAFE_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSAFE_CHARACTERS = new RegExp(UNSAFE_CHARACTER.source, 'g');

/** The replacement character that stands in for what was removed, so a reader sees that something was there. */
export const REPLACEMENT_CHARACTER = '\uFFFD';

/** How deep the walk goes into a parsed body; no request of this API nests anywhere near as deep. */
export const MAX_INPUT_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request is nested more than ${MAX_INPUT_DEPTH} levels deep.`;

/** True when the text holds a NUL or a lone surrogate. */
export function hasUnsafeText(text: string): boolean {
  return UNSAFE_CHARACTER.test(text);
}

/** The message a person sees; `where` names the field, e.g. 'body.remarks' or 'params.username'. */
export function unsafeTextMessage(where: string): string {
  return `${where}: the text holds a character that is not allowed (a NUL character or a broken Unicode character).`;
}

/** The text with every NUL and lone surrogate replaced by U+FFFD: always storable, always printable. */
export function safeForLog(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, REPLACEMENT_CHARACTER);
}

/** What is wrong with a received value: the first unsafe string (or key), or a nesting beyond MAX_INPUT_DEPTH. */
export type TextRuleProblem = { kind: 'unsafe-text'; where: string } | { kind: 'too-deep'; where: string };

/**
 * Walks a received value (strings, arrays, plain objects, their keys) and returns the first problem, or null.
 * Iterative, so a hostile nesting cannot overflow the stack; it stops at MAX_INPUT_DEPTH.
 */
export function findTextRuleProblem(value: unknown, where: string): TextRuleProblem | null {
  const pending: { value: unknown; where: string; depth: number }[] = [{ value, where, depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (typeof item.value === 'string') {
      if (hasUnsafeText(item.value)) return { kind: 'unsafe-text', where: item.where };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_INPUT_DEPTH) return { kind: 'too-deep', where: item.where };
    for (const [key, child] of Object.entries(item.value)) {
      const childWhere = `${item.where}.${keyLabel(key)}`;
      if (hasUnsafeText(key)) return { kind: 'unsafe-text', where: childWhere };
      pending.push({ value: child, where: childWhere, depth: item.depth + 1 });
    }
  }
  return null;
}

/** A key as it appears in a message: made safe and cut, since a hostile key may be a megabyte long. */
function keyLabel(key: string): string {
  return key.length > MAX_KEY_LABEL ? `${safeForLog(key.slice(0, MAX_KEY_LABEL))}…` : safeForLog(key);
}
const MAX_KEY_LABEL = 40;

/** The 400 message for a problem found by findTextRuleProblem. */
export function textRuleMessage(problem: TextRuleProblem): string {
  return problem.kind === 'too-deep'
    ? `${problem.where}: ${TOO_DEEP_MESSAGE}`
    : unsafeTextMessage(problem.where);
}
