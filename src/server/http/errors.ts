import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_BASE } from '../../contract/api';
import type { Db } from '../db/client';
import { auditContext, writeAuditLog } from '../security/audit-log';

export interface HttpErrorOptions {
  /**
   * True when the code that refuses has already written this refusal's own line to the audit trail; otherwise
   * the error handler writes a general one, so that no refusal is missing from the log records.
   */
  audited?: boolean;
}

/** A refusal meant for the person: its message is shown as is. */
export class HttpError extends Error {
  readonly audited: boolean;
  constructor(
    readonly statusCode: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.audited = options.audited ?? false;
  }
}

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

const SERVER_ISSUE = 'Server Issue. Please try again later!';

/** What the error handler needs to write the audit line of a refusal. */
export interface RefusalAuditDeps {
  db: Db;
  clock: { now(): Date };
}

interface Refusal {
  status: number;
  message: string;
  /** The refusing code has written its own audit line already. */
  audited: boolean;
}

/** Every error as the reply it becomes: bad input is a 400 with a readable message, never a 500. */
function refusalOf(err: FastifyError): Refusal {
  // Any error object may say it was audited (HttpError, or a plugin's error built with the same flag).
  const audited = (err as { audited?: unknown }).audited === true;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const text = first?.message ?? 'Invalid request';
    return { status: 400, message: field ? `${field}: ${text}` : text, audited };
  }
  if (err instanceof HttpError) return { status: err.statusCode, message: err.message, audited };
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status === 500) return { status, message: SERVER_ISSUE, audited: true };
  const message =
    status === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
      ? 'The request body is not valid JSON'
      : err.message;
  return { status, message, audited };
}

/** Only calls of the API are refusals an auditor reads; a missing page or asset of the web app is not. */
function isApiCall(request: FastifyRequest): boolean {
  return (
    request.url === API_BASE ||
    request.url.startsWith(`${API_BASE}/`) ||
    request.url.startsWith(`${API_BASE}?`)
  );
}

/**
 * The general audit line of a refusal that its code did not audit itself: status, message, method and path,
 * the caller's username when a staff session was resolved, and the address. writeAuditLog makes the texts safe
 * and cuts them to the columns. A failed write is logged and the person still gets the refusal.
 */
async function auditRefusal(
  deps: RefusalAuditDeps,
  request: FastifyRequest,
  refusal: Refusal,
): Promise<void> {
  if (refusal.audited || !isApiCall(request)) return;
  try {
    const context = auditContext(request);
    await writeAuditLog(deps.db, {
      ...context,
      kind: 'refusal',
      username: request.staff?.username ?? null,
      remark: `Refused (${refusal.status}): ${refusal.message} (${request.method} ${context.url})`,
      at: deps.clock.now(),
    });
  } catch (err) {
    request.log.error({ err }, 'the audit line of a refusal could not be written');
  }
}

function send(reply: FastifyReply, refusal: Refusal) {
  return reply.status(refusal.status).send({
    statusCode: refusal.status,
    error: refusal.status === 500 ? 'Internal Server Error' : (ERROR_NAMES[refusal.status] ?? 'Error'),
    message: refusal.message,
  });
}

/**
 * The error handler of the whole app, also given to Fastify as `frameworkErrors` (a malformed URL or an over-long
 * path parameter is refused before routing, and would otherwise bypass the handler and the audit trail).
 */
export function refusalHandler(deps: RefusalAuditDeps) {
  return async function handleError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const refusal = refusalOf(err);
    if (refusal.status === 500) request.log.error({ err }, 'unhandled error');
    await auditRefusal(deps, request, refusal);
    return send(reply, refusal);
  };
}

/**
 * Every API refusal (status >= 400) reaches the log records: either its code wrote a line of its own and said so
 * with `{ audited: true }`, or this handler writes a general one. Unknown paths under the API prefix are audited
 * too (docs/input-safety.md); unexpected errors are logged, never leaked, and are not refusals.
 */
export function installErrorHandling(app: FastifyInstance, deps: RefusalAuditDeps): void {
  app.setErrorHandler(refusalHandler(deps));
  app.setNotFoundHandler(async (request, reply) => {
    const refusal = {
      status: 404,
      message: `No such route: ${request.method} ${request.url.split('?')[0]}`,
      audited: false,
    };
    await auditRefusal(deps, request, refusal);
    return send(reply, refusal);
  });
}
