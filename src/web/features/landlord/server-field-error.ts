import { failureOf } from '../../../../machines/access/failures';

/**
 * The API answers bad input with 'field: message' (docs/landlords-api.md, "Validation"), the field being the path
 * of the body's field, which is also the form's path (the forms' values have the body's shape). This finds the
 * form field a refusal is about, so the message can stand under it.
 */
export interface ServerFieldError {
  /** The form's path of the field, or null when the refusal names no field of this form. */
  field: string | null;
  /** The message without its field prefix, for the field and the snackbar. */
  text: string;
}

const FIELD_PREFIX = /^([A-Za-z_][\w]*(?:\.[\w]+)*): (.+)$/s;

/**
 * `fields` are the form's paths. A refusal about an object (e.g. 'la: Police Station required' when the station
 * object is missing) goes to the first form field inside it ('la.ps.policeStationCode').
 */
export function serverFieldError(error: unknown, fields: readonly string[]): ServerFieldError | null {
  const message = failureOf(error).message?.trim();
  if (!message || failureOf(error).status !== 400) return null;
  const match = FIELD_PREFIX.exec(message);
  if (!match) return { field: null, text: message };
  const [, path, text] = match;
  const field = fields.includes(path) ? path : (fields.find((f) => f.startsWith(`${path}.`)) ?? null);
  return { field, text };
}

/** Every path of a form's values (nested objects flattened with dots), for serverFieldError. */
export function formPaths(values: object, prefix = ''): string[] {
  return Object.entries(values).flatMap(([name, value]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? formPaths(value as object, path)
      : [path];
  });
}
