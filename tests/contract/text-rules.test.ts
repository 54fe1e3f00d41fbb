import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findTextRuleProblem,
  hasUnsafeText,
  MAX_INPUT_DEPTH,
  safeForLog,
  textRuleMessage,
} from '../../src/contract/text-rules';

// The one text rule: NUL and lone surrogates are refused, everything else a person can type passes, and
// safeForLog always gives text that the rule accepts (so an audit line can always be written).

const HIGH = '\uD83D';
const LOW = '\uDE00';

describe('text rule', () => {
  it.each([
    ['a NUL', 'ab\u0000c'],
    ['a lone high surrogate', `x${HIGH}y`],
    ['a high surrogate at the end', `x${HIGH}`],
    ['a lone low surrogate', `${LOW}x`],
    ['two high surrogates', `${HIGH}${HIGH}${LOW}`],
  ])('refuses %s', (_name, text) => {
    expect(hasUnsafeText(text)).toBe(true);
    expect(hasUnsafeText(safeForLog(text))).toBe(false);
  });

  it.each(['', 'Ka Ïing', 'नमस्ते', `smile ${HIGH}${LOW}`, 'tab\tand\nnewline', '\uFFFD'])(
    'accepts %j',
    (text) => {
      expect(hasUnsafeText(text)).toBe(false);
      expect(safeForLog(text)).toBe(text);
    },
  );

  it('replaces each unsafe character by one U+FFFD and keeps the rest', () => {
    expect(safeForLog(`a\u0000b${HIGH}c${LOW}${HIGH}${LOW}`)).toBe(`a\uFFFDb\uFFFDc\uFFFD${HIGH}${LOW}`);
  });

  it('makes any string safe, and leaves well-formed strings as they are', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const safe = safeForLog(text);
        expect(hasUnsafeText(safe)).toBe(false);
        expect(safe).toHaveLength(text.length);
        if (!hasUnsafeText(text)) expect(safe).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with String.prototype.isWellFormed on surrogates', () => {
    const isWellFormed = (text: string) =>
      (String.prototype as unknown as { isWellFormed(this: string): boolean }).isWellFormed.call(text);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const withoutNul = text.replaceAll('\u0000', '');
        expect(hasUnsafeText(withoutNul)).toBe(!isWellFormed(withoutNul));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('walking a received value', () => {
  it('names the first unsafe string with its path', () => {
    const problem = findTextRuleProblem({ applid: 1, applStatus: { applstatus: 'LA\u0000RP' } }, 'body');
    expect(problem).toEqual({ kind: 'unsafe-text', where: 'body.applStatus.applstatus' });
    expect(textRuleMessage(problem!)).toBe(
      'body.applStatus.applstatus: the text holds a character that is not allowed (a NUL character or a broken Unicode character).',
    );
    expect(findTextRuleProblem(['ok', ['ok', `x${LOW}`]], 'body')).toEqual({
      kind: 'unsafe-text',
      where: 'body.1.1',
    });
  });

  it('checks keys too, and shows them made safe and cut', () => {
    expect(findTextRuleProblem({ [`re\u0000marks`]: 'x' }, 'body')).toEqual({
      kind: 'unsafe-text',
      where: 'body.re\uFFFDmarks',
    });
    const longKey = `${'k'.repeat(100_000)}\u0000`;
    const problem = findTextRuleProblem({ [longKey]: 1 }, 'query');
    expect(problem?.where.length).toBeLessThan(60);
  });

  it('accepts clean values of every JSON type', () => {
    expect(findTextRuleProblem({ a: [1, true, null, 'ok', { b: 'नमस्ते' }] }, 'body')).toBeNull();
    expect(findTextRuleProblem(undefined, 'body')).toBeNull();
    expect(findTextRuleProblem('plain', 'params')).toBeNull();
  });

  it('stops at the depth limit without overflowing the stack', () => {
    const nest = (depth: number) => {
      let value: unknown = 'leaf';
      for (let i = 0; i < depth; i++) value = [value];
      return value;
    };
    expect(findTextRuleProblem(nest(MAX_INPUT_DEPTH), 'body')).toBeNull();
    expect(findTextRuleProblem(nest(MAX_INPUT_DEPTH + 1), 'body')?.kind).toBe('too-deep');
    expect(findTextRuleProblem(nest(200_000), 'body')?.kind).toBe('too-deep');
  });
});
