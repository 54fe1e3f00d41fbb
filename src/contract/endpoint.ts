import type { z } from 'zod';
import type { Role } from './roles';

// One endpoint of the API, written once (docs/architecture.md, "One route table"): the server registers it from
// here (src/server/http/serve-endpoint.ts), the web client builds its URL from here and parses its reply with the
// reply schema (src/web/api/endpoint-call.ts), and the OpenAPI document comes from the server's registration.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The kinds of OTP key a citizen route admits (a staff password-reset key is kind 'user'). */
export type CitizenKeyKind = 'landlord' | 'tenant' | 'user';

/** Who may call an endpoint. The server's guard is built from it; the OpenAPI document names the credential. */
export type Access =
  | { readonly public: true }
  /** A signed-in official (bearer token); `roles` narrows it, every other role an audited 403. */
  | { readonly staff: readonly Role[] | 'any' }
  /**
   * A citizen's OTP key (X-Api-Key) of these kinds; `heldChangeKeys` also admits the key of a contested record
   * (docs/otp-channel-changes.md).
   */
  | { readonly citizen: readonly CitizenKeyKind[]; readonly heldChangeKeys?: true };

export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Reply extends z.ZodType | null = z.ZodType | null,
> {
  readonly method: HttpMethod;
  /** Under the API prefix, in the router's syntax: '/process/anonymous/trackApplication/:applid/:landlordEpic'. */
  readonly path: string;
  readonly access: Access;
  /** The OpenAPI tag (the area). */
  readonly tag: string;
  readonly params?: Params;
  readonly query?: Query;
  readonly body?: Body;
  /** The 200 reply; null where the reply is not JSON (a file, an image, a CSV), sent by the handler itself. */
  readonly reply: Reply;
}

/** Declares an endpoint, keeping the exact schema types for the server's handler and the web's call. */
export function endpoint<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Reply extends z.ZodType | null = null,
>(definition: Endpoint<Params, Query, Body, Reply>): Endpoint<Params, Query, Body, Reply> {
  return definition;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
export type ParamsOf<E> =
  E extends Endpoint<infer P, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | null>
    ? Infer<P>
    : never;
export type QueryOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType | undefined, z.ZodType | null>
    ? Infer<Q>
    : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer B, z.ZodType | null>
    ? Infer<B>
    : never;
export type ReplyOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R>
    ? R extends z.ZodType
      ? z.infer<R>
      : unknown
    : never;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What a caller sends (the schemas' input side: optional fields left out, text before trimming). */
/** A query as a caller fills it: a text field may be given as a number, since a URL carries text either way. */
type QueryText<T> = { [K in keyof T]: T[K] extends string | undefined ? T[K] | number : T[K] };
export type QueryInputOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType | undefined, z.ZodType | null>
    ? Q extends z.ZodType
      ? QueryText<z.input<Q>>
      : undefined
    : never;
export type BodyInputOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer B, z.ZodType | null>
    ? Input<B>
    : never;
/** A path's params as a caller fills them: each a string or a number, since a URL carries text either way. */
export type ParamsInputOf<E> =
  E extends Endpoint<infer P, z.ZodType | undefined, z.ZodType | undefined, z.ZodType | null>
    ? P extends z.ZodType
      ? { [K in keyof z.input<P>]: string | number }
      : undefined
    : never;

/**
 * The endpoint's path with its params filled in, each encoded as one path segment. A param the path names that
 * `params` lacks (or gives as neither string nor number) is a programming error and throws.
 */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`No value for the path param ${name} of ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}
