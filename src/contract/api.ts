import { z } from 'zod';

/** Every API route lives under this prefix on the same host as the web app. */
export const API_BASE = '/mrssapi/mrss/v-1';
export const REQUEST_TIMEOUT_MS = 10_000;

/** The body of every error reply: `message` is shown to the person as is. */
export const errorReplySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const messageReplySchema = z.object({ message: z.string() });
