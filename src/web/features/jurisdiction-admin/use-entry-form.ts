import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { messageOr } from '../../../../machines/access/failures';
import { showSnackbar } from '../../app/snackbar';

export const ENTRY_FAILED_MESSAGE = 'Server Issue. Please try again later!';

type Fields = Record<string, string>;

/** The first message of each field, from the same zod schema the server validates with. */
export function fieldErrors<S extends z.ZodType>(schema: S, fields: Fields): Partial<Record<string, string>> {
  const result = schema.safeParse(fields);
  const errors: Partial<Record<string, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    errors[name] ??= issue.message;
  }
  return errors;
}

/**
 * A creation dialog's form: fields, their errors after a submit, the server's refusal, and the send. On success
 * the server's message (the spec's words) shows as a snackbar and the form empties.
 */
export function useEntryForm<S extends z.ZodType, F extends Fields>(options: {
  schema: S;
  empty: F;
  send: (body: z.output<S>) => Promise<{ message: string }>;
  onDone: () => void;
}) {
  const [fields, setFields] = useState<F>(options.empty);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const change = (name: keyof F & string, value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    if (submitted) setErrors(fieldErrors(options.schema, next));
  };

  const reset = () => {
    setFields(options.empty);
    setErrors({});
    setSubmitted(false);
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const parsed = options.schema.safeParse(fields);
    setErrors(fieldErrors(options.schema, fields));
    if (!parsed.success) return;
    setSending(true);
    try {
      const reply = await options.send(parsed.data);
      showSnackbar(reply.message, 'success');
      reset();
      options.onDone();
    } catch (err) {
      setFailure(messageOr(err, ENTRY_FAILED_MESSAGE));
    } finally {
      setSending(false);
    }
  };

  return { fields, errors, failure, sending, change, submit, reset };
}
