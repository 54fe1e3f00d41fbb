import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

/** Bad input is a 400 with a readable message, never a 500; unexpected errors are logged, not leaked. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const text = first?.message ?? 'Invalid request';
      const message = field ? `${field}: ${text}` : text;
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message });
    }
    if (err instanceof HttpError) {
      return reply
        .status(err.statusCode)
        .send({ statusCode: err.statusCode, error: ERROR_NAMES[err.statusCode] ?? 'Error', message: err.message });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ statusCode: 500, error: 'Internal Server Error', message: 'Server Issue. Please try again later!' });
    }
    const message = status === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The request body is not valid JSON' : err.message;
    return reply.status(status).send({ statusCode: status, error: ERROR_NAMES[status] ?? 'Error', message });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No such route: ${req.method} ${req.url.split('?')[0]}` });
  });
}
