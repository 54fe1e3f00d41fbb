import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxEntrySchema, outboxQuerySchema, type OutboxEntry } from '../../contract/otp.contract';
import type { AppDeps } from '../app';
import { readOutbox } from '../notify/outbox';
import type { ZodApi } from './index';

// The development outbox: outside production, every message the portal "sent" can be read here, so OTP logins
// work on a laptop and in tests without a mail server or an SMS gateway. In production both answer 404.

function isProduction(deps: AppDeps): boolean {
  return deps.config.NODE_ENV === 'production';
}

/** `GET dev/outbox` under the API prefix: JSON, newest first, `?to=` filters by address or number. */
export function registerDevOutboxRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  if (isProduction(deps)) return Promise.resolve();
  api.get(
    '/dev/outbox',
    { schema: { querystring: outboxQuerySchema, response: { 200: outboxEntrySchema.array() } } },
    (request) => readOutbox(deps.db, request.query.to),
  );
  return Promise.resolve();
}

/**
 * The page `/dev/outbox` (outside the API prefix): a plain table, server-rendered, every value escaped, no script.
 * Registered in production as well, to answer 404 there rather than let the web app's fallback serve its shell.
 */
export function registerDevOutboxPage(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/dev/outbox',
      { schema: { querystring: outboxQuerySchema, hide: true } },
      async (request, reply) => {
        if (isProduction(deps)) return reply.callNotFound();
        const entries = await readOutbox(deps.db, request.query.to);
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(outboxPage(entries, request.query.to));
      },
    );
  return Promise.resolve();
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

function outboxPage(entries: OutboxEntry[], to: string | undefined): string {
  const rows = entries
    .map(
      (e) =>
        `<tr><td>${escapeHtml(e.createdAt)}</td><td>${escapeHtml(e.channel)}</td><td>${escapeHtml(e.to)}</td>` +
        `<td>${escapeHtml(e.subject)}</td><td>${escapeHtml(e.text)}</td></tr>`,
    )
    .join('\n');
  const heading = to ? `Outbox: messages to ${escapeHtml(to)}` : 'Outbox';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${heading}</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1a1a1a}table{border-collapse:collapse;width:100%}
th,td{border:1px solid #999;padding:.4rem;text-align:left;vertical-align:top}th{background:#eee}</style></head>
<body>
<h1>${heading}</h1>
<p>Development only: the newest messages the portal has sent (not available in production).</p>
<table>
<thead><tr><th scope="col">Sent at</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Text</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}
</tbody>
</table>
</body>
</html>`;
}
