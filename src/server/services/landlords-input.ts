import type { ZodError } from 'zod';

/**
 * Bad input on the landlord, helper and rental-unit routes answers like every other route of the API: 400 with
 * 'field: message' (the global error handler, http/errors.ts), e.g. 'presentAddress.pinCode: Invalid Pincode. Must
 * be 6 digits.'. The field is the path of the body's field, the same path the web forms use, so a form puts the
 * message under its field (src/web/features/landlord/server-field-error.ts).
 */

/** A service's own 400 about one field, in the same 'field: message' form as the schema's refusals. */
export function fieldMessage(field: string, message: string): string {
  return `${field}: ${message}`;
}

/** The first problem of a schema check done in a handler, as 'field: message'. */
export function firstProblem(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  return field ? fieldMessage(field, issue.message) : issue.message;
}
