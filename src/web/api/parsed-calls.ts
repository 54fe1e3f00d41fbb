import type { z } from 'zod';
import { api } from './client';
import { asServerCall } from './server-failure';

/**
 * One call of the citizen features: its reply parsed with the contract's schema, a failure turned into the
 * `{status, message}` the machines and views expect.
 */
export function getParsed<T>(url: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  return asServerCall(async () => schema.parse(await api(url, { signal })));
}

export function sendParsed<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  schema: z.ZodType<T>,
  body?: object,
): Promise<T> {
  return asServerCall(async () =>
    schema.parse(await api(url, { method, body: body as Record<string, unknown> | undefined })),
  );
}
