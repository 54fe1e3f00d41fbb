import fc from 'fast-check';
import type { InjectOptions } from 'light-my-request';
import { z } from 'zod';
import type { ApiRoute } from '../../src/server/http/route-table';

// Requests generated from a route's own schemas (the zod schemas of the contract, read as JSON Schema), with
// hostile values mixed in at every level: NUL, lone surrogates, megabyte strings, deep nesting, wrong types and
// numbers out of range. Used by the contract fuzz test and the auth-on-request test, for every route in the table.

/** A JSON Schema as z.toJSONSchema writes it, as far as the generator reads it. */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const MEGABYTE = 1024 * 1024;

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Strings that broke servers before, or might: each is a legal JSON string. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    'x\uD800',
    '\uDC00x',
    '\uDBFF\uDBFF',
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    '9'.repeat(40),
    '__proto__',
    'constructor',
    "'; DROP TABLE applications; --",
    '../../etc/passwd',
    '%00',
    'LARP\u0000',
  ),
  fc.constant('x'.repeat(MEGABYTE)),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Any JSON value of a wrong kind: numbers out of range, nesting far past any limit, huge arrays and strings. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(-1, 0, 1.5, -0.000001, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2_000_000_001),
  fc.constantFrom(true, false, null),
  fc.constant(nested(1_000)),
  fc.constant(Array.from({ length: 10_000 }, (_, i) => i)),
  fc.constant({ ['k\u0000']: 'v' }),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 3 }),
);

function arbitraryFor(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  const valid = validFor(schema, depth);
  // Mostly values the schema accepts (so requests reach the handlers), a hostile one now and then at any level.
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
}

function validFor(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validFor(s, depth + 1)));
  if (schema.allOf?.length) return validFor(schema.allOf[0], depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validFor({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: bound(schema.minimum, -1e6), max: bound(schema.maximum, 1e6) });
    case 'number':
      return fc.double({ min: bound(schema.minimum, -1e6), max: bound(schema.maximum, 1e6), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, s]) => [key, arbitraryFor(s, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function bound(value: number | undefined, fallback: number): number {
  return value === undefined ? fallback : Math.max(-1e9, Math.min(1e9, value));
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot read: plain strings still exercise the route.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 24, 24) });
}

/** The JSON Schema of a route part's input, or undefined when the route does not declare that part. */
function inputSchemaOf(part: unknown): JsonSchema | undefined {
  if (!(part instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(part, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * A path value as a client puts it in a URL. A lone surrogate has no UTF-8 form, so it travels as the bytes
 * a hostile client would send for it (ED A0 80), which the server cannot decode.
 */
function pathValue(value: unknown): string {
  const text = typeof value === 'string' ? value.slice(0, 4096) : JSON.stringify(value).slice(0, 4096);
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
}

function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return '';
  const pairs = Object.entries(query as Record<string, unknown>).map(
    ([key, value]) => `${pathValue(key)}=${pathValue(value)}`,
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The request parts of one generated call; `url` and `payload` are ready for app.inject. */
export interface GeneratedRequest {
  method: ApiRoute['method'];
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

/** Generated requests for one route: its path parameters, query and body, from its schemas. */
export function requestsFor(route: ApiRoute): fc.Arbitrary<GeneratedRequest> {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const paramsSchema = inputSchemaOf(route.schema?.params) ?? {
    type: 'object',
    properties: Object.fromEntries(paramNames.map((name) => [name, { type: 'string' }])),
    required: paramNames,
  };
  const querySchema = inputSchemaOf(route.schema?.querystring);
  const bodySchema = inputSchemaOf(route.schema?.body);
  const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc
    .record({
      params: validFor(paramsSchema, 0),
      query: querySchema
        ? arbitraryFor(querySchema, 0)
        : fc.option(fc.dictionary(hostileString, hostileString, { maxKeys: 2 })),
      body: takesBody ? arbitraryFor(bodySchema, 0) : fc.constant(undefined),
      rawBody: fc.option(fc.constantFrom('{"applid":', 'not json', '[[[[[[', '\u0000'), { freq: 8 }),
    })
    .map(({ params, query, body, rawBody }): GeneratedRequest => {
      const values = (params ?? {}) as Record<string, unknown>;
      const path = route.url.replace(/:(\w+)/g, (_m, name: string) => pathValue(values[name] ?? ''));
      const payload = !takesBody
        ? undefined
        : (rawBody ?? (body === undefined ? undefined : JSON.stringify(body)));
      return {
        method: route.method,
        url: `${path}${queryString(query)}`,
        payload,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      };
    });
}

/** The inject options of a generated request, as a given caller (its headers) from a given address. */
export function injectOptions(
  request: GeneratedRequest,
  callerHeaders: Record<string, string>,
  remoteAddress: string,
): InjectOptions {
  return {
    method: request.method,
    url: request.url,
    payload: request.payload,
    headers: { ...request.headers, ...callerHeaders },
    remoteAddress,
  };
}

/** True when the route declares the staff bearer scheme (the OpenAPI marker every staff route carries). */
export function isStaffRoute(route: ApiRoute): boolean {
  return declaresScheme(route, 'bearer');
}

/** A citizen route: it declares the citizen key (X-Api-Key) bought with an OTP. */
export function isCitizenRoute(route: ApiRoute): boolean {
  return declaresScheme(route, 'apiKey');
}

function declaresScheme(route: ApiRoute, name: 'bearer' | 'apiKey'): boolean {
  const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
  return security?.some((scheme) => name in scheme) ?? false;
}
