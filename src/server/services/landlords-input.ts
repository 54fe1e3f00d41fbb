import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';

/**
 * The landlord, helper and rental-unit forms show the server's message as it is (public-portal.md section 8), so
 * their routes validate with `attachValidation: true` and answer bad input here with the field's own message
 * ('Only numbers are allowed', 'Invalid Pincode. Must be 6 digits.'), not the general 'field: message' form.
 * Call first in the handler: nothing has been read or written yet.
 */
export function refuseInvalidInput(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  const first = (error as { validation?: { message?: string }[] }).validation?.[0];
  throw new HttpError(400, first?.message ?? error.message);
}

/**
 * Route options that answer every invalid path parameter, query or body with the field's bare message, before the
 * handler runs: spread into a route's options (`{ onRequest, ...bareValidationMessages, schema }`).
 */
export const bareValidationMessages = {
  attachValidation: true,
  preHandler: (request: FastifyRequest): Promise<void> =>
    Promise.resolve().then(() => refuseInvalidInput(request)),
};
