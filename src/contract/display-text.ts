/**
 * Names and addresses must display as what they are (Unicode TR36 "Unicode Security Considerations", TR39
 * "Unicode Security Mechanisms"; docs/input-safety.md, "Invisible and text-direction characters"). A bidi override
 * (U+202E) makes 'Rai<U+202E>ahsnaB' display as another name; a zero-width space makes two names that display
 * alike differ for a search, a duplicate check or an official comparing records. Such characters are refused in
 * every person-name and address field with one message, here, so the server's 400 and the browser's form agree.
 * Pure TypeScript: no server or DOM imports.
 */

/**
 * Always refused: the bidi controls (U+061C, U+200E-200F, U+202A-202E, U+2066-2069), the zero-width and
 * invisible formatting characters (U+200B, U+2060-2064, U+FEFF, U+180E), and the rest of Unicode's
 * Default_Ignorable_Code_Point set that has no place in a name or address (soft hyphen, combining grapheme
 * joiner, Hangul fillers, Khmer inherent vowels, Mongolian and other variation selectors, deprecated format
 * characters, the interlinear annotation and shorthand format controls, tags), plus the C0 and C1 control
 * characters (a tab or line break in a one-line field). ZWNJ and ZWJ are handled apart (JOINERS).
 */
const ALWAYS_REFUSED =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- finding these is the point
  /[\u0001-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B\u200E\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]/u;

/** ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER. */
const JOINERS = /[\u200C\u200D]/g;

/**
 * Letters and marks of the scripts in which ZWNJ/ZWJ are part of correct spelling: the Brahmic scripts of India
 * and Sri Lanka (Devanagari to Sinhala, U+0900-0DFF, with Devanagari Extended and Vedic Extensions) and the
 * Arabic script (ZWNJ in Urdu and Persian names).
 */
// eslint-disable-next-line no-misleading-character-class -- ranges of whole scripts, marks included on purpose
const JOINING_SCRIPT = /[\u0900-\u0DFF\uA8E0-\uA8FF\u1CD0-\u1CFF\u0600-\u06FF\u0750-\u077F]/;

/** The viramas of those Brahmic scripts (Devanagari ... Malayalam, and the Sinhala al-lakuna). */
const VIRAMA = /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D3B\u0D3C\u0D4D\u0DCA]/;

/**
 * Where a joiner belongs (TR39 section 3.1.1, "restricted to contexts"): right after a virama, as IDNA's CONTEXTJ
 * rule allows (Devanagari 'क्\u200Cष' keeps the explicit halant, 'क्\u200Dष' asks for the half form, Malayalam
 * 'ന്\u200D' at the end of a word is a chillu); or between two letters or signs of a joining script, which IDNA
 * alone would refuse but Bengali ra-phala ('র\u200D্য', ZWJ between RA and the virama) and Urdu spelling need.
 * Anywhere else (Latin text, the start or end of a Latin name, beside a space) it only hides a difference.
 */
function joinerBelongs(before: string, after: string): boolean {
  return VIRAMA.test(before) || (JOINING_SCRIPT.test(before) && JOINING_SCRIPT.test(after));
}

/** The first character the rule refuses, as 'U+202E', or null when the text displays as what it is. */
export function findHiddenCharacter(text: string): string | null {
  const refused = ALWAYS_REFUSED.exec(text);
  let first = refused ? { at: refused.index, char: refused[0] } : null;
  for (const joiner of text.matchAll(JOINERS)) {
    if (first && joiner.index > first.at) break;
    if (!joinerBelongs(text[joiner.index - 1] ?? '', text[joiner.index + 1] ?? '')) {
      first = { at: joiner.index, char: joiner[0] };
      break;
    }
  }
  return first ? codePointLabel(first.char) : null;
}

/** What the person reads; `what` is 'name' or 'address' (the server prefixes the field: 'firstName: ...'). */
export function hiddenCharacterMessage(what: HiddenCharacterField, found = 'U+202E'): string {
  return `Remove the invisible or text-direction characters (such as ${found}) from the ${what}.`;
}

/** The kind of field, as the message names it. */
export type HiddenCharacterField = 'name' | 'address' | 'usercode';

/**
 * The refinement every name and address field of the contract applies: `.refine(...displayable('name'))`. Blank
 * and null pass (the field's own required rule speaks for them); the message names the first refused character.
 */
export function displayable(what: HiddenCharacterField) {
  return [
    (value: string | null | undefined) => !value || findHiddenCharacter(value) === null,
    {
      error: (issue: { input?: unknown }) =>
        hiddenCharacterMessage(
          what,
          (typeof issue.input === 'string' ? findHiddenCharacter(issue.input) : null) ?? undefined,
        ),
    },
  ] as const;
}

function codePointLabel(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * An email address as the portal accepts one: something@domain.tld in printable ASCII with no space, so no
 * invisible, text-direction or look-alike character (a trailing U+200B made an address that a held-change notice
 * showed as the person's own: re-attack F3, 27-11-2026).
 */
export function isPlainEmail(text: string): boolean {
  // Printable ASCII only: a Cyrillic 'а' in the domain or a combining accent made an address that displays as the
  // person's own in a notice (re-attack N1). Internationalised addresses are not taken (docs/input-safety.md).
  return /^[!-~]+@[!-~]+\.[!-~]+$/.test(text) && !/@.*@/.test(text) && findHiddenCharacter(text) === null;
}
