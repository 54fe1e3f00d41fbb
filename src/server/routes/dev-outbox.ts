import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_MODE_MAX_AGE_S, type DemoModeReply } from '../../contract/demo-mode.contract';
import { DEV_OUTBOX_ENDPOINTS } from '../../contract/dev-outbox.endpoints';
import { outboxQuerySchema, type OutboxEntry } from '../../contract/otp.contract';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { readOutbox } from '../notify/outbox';
import type { ZodApi } from '../http/zod-api';

// The demonstration outbox: in demo mode only (MRSS_DEMO=true, docs/demo-and-production.md), every message the
// portal "sent" can be read here, so OTP logins work on a laptop and in tests without a mail server or an SMS
// gateway. Anyone can read it, so it is never on by default: otherwise both answer 404 like an unknown path. A staff
// account's OTP is not in it even then (notify/notifier.ts keeps that text masked).

function outboxReadable(deps: AppDeps): boolean {
  return deps.config.MRSS_DEMO;
}

/**
 * `GET public/demo-mode` (always: the pages' banner asks it) and, in demo mode only, `GET dev/outbox` under the API
 * prefix: JSON, newest first, `?to=` filters by address or number.
 */
export function registerDevOutboxRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  serve(api, deps, DEV_OUTBOX_ENDPOINTS.demoMode, (_request, reply): Promise<DemoModeReply> => {
    reply.header('Cache-Control', `public, max-age=${DEMO_MODE_MAX_AGE_S}`);
    return Promise.resolve({ outboxReadable: outboxReadable(deps) });
  });
  if (!outboxReadable(deps)) return Promise.resolve();
  serve(api, deps, DEV_OUTBOX_ENDPOINTS.outbox, (request) => readOutbox(deps.db, request.query.to));
  return Promise.resolve();
}

/**
 * The page `/dev/outbox` (outside the API prefix): a plain table, server-rendered, every value escaped, no script.
 * Registered outside demo as well, to answer 404 there rather than let the web app's fallback serve its shell.
 */
export function registerDevOutboxPage(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    // The API endpoint's path, here outside the API prefix.
    DEV_OUTBOX_ENDPOINTS.outbox.path,
    { schema: { querystring: outboxQuerySchema, hide: true } },
    async (request, reply) => {
      if (!outboxReadable(deps)) return reply.callNotFound();
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
<p>Demonstration mode only: the newest messages the portal has sent. Anyone can read this page: do not enter real
personal data. Staff accounts' one-time passwords are not shown here.</p>
<table>
<thead><tr><th scope="col">Sent at</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Text</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}
</tbody>
</table>
</body>
</html>`;
}
