import { z } from 'zod';

/** Every API route lives under this prefix on the same host as the web app (constants in api-base.ts). */
export { API_BASE, REQUEST_TIMEOUT_MS } from './api-base';

/** The body of every error reply: `message` is shown to the person as is. */
export const errorReplySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const messageReplySchema = z.object({ message: z.string() });
