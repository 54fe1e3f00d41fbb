import type { z } from 'zod';

/**
 * A body as the browser sends it (the schema's input side: optional fields left out, text untrimmed), typed as the
 * schema's output side that callEndpoint's `body` names. The server parses it with the same schema.
 */
export function inputBody<S extends z.ZodType>(_schema: S, body: z.input<S>): z.output<S> {
  return body as z.output<S>;
}
