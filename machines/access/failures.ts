/**
 * How a server call fails, as the citizen machines see it: every actor rejects with `{ status?, message? }` (the
 * browser wiring turns an HTTP answer into that shape; no status means no answer at all), so the machines map
 * refusals to the spec's words without knowing about HTTP clients.
 */
export interface ServerFailure {
  status?: number;
  message?: string;
}

/** Spec section 8: the fallback when the server gave no message of its own. */
export const SERVER_FALLBACK_MESSAGE = 'Error in Server';

/** Reads whatever an actor rejected with as a ServerFailure (an Error counts as a failure without a status). */
export function failureOf(error: unknown): ServerFailure {
  if (error instanceof Error) return { message: error.message };
  if (typeof error !== 'object' || error === null) return {};
  const { status, message } = error as Record<string, unknown>;
  return {
    status: typeof status === 'number' ? status : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}

export function statusOf(error: unknown): number | undefined {
  return failureOf(error).status;
}

/** The server's own message when it sent one, else the given fallback. */
export function messageOr(error: unknown, fallback: string): string {
  const message = failureOf(error).message?.trim();
  return message ? message : fallback;
}

/** A notice's code: its machine's area and what happened ('otp.codeRefused'). */
export type NoticeCode = `${string}.${string}`;

/** A message shown to the person: its kind picks the snackbar colour. */
export interface Notice {
  kind: 'success' | 'info' | 'error';
  /**
   * What the notice says, stable whatever its words: a parent machine or a view decides by the code, never by the
   * words, and a language other than English looks its words up by it (docs/architecture.md, "Notice codes").
   */
  code: NoticeCode;
  /** The words in English: the spec's text, or the server's own message where the code says the server spoke. */
  text: string;
}

/** A call refused with 401: the citizen key behind it expired or was revoked (the tracker's and the clearance's guard). */
export const keyEnded = ({ event }: { event: object }): boolean =>
  'error' in event && statusOf(event.error) === 401;

/** What the tracker and the clearance say when their key ended in use: one notice, one code. */
export const KEY_ENDED_CODE = 'citizenKey.ended' satisfies NoticeCode;

export const noticeOf = (kind: Notice['kind'], code: NoticeCode, text: string): Notice => ({
  kind,
  code,
  text,
});
