import { useState } from 'react';
import type { Role } from '../../contract/roles';
import {
  emailSchema,
  passwordShapeProblem,
  STAFF_USER_MESSAGES,
  usernameSchema,
} from '../../contract/staff-users.contract';

export interface StaffUserFields {
  username: string;
  email: string;
  password: string;
  /** '' while the placeholder is chosen. */
  role: Role | '';
}

export type StaffUserErrors = Partial<Record<keyof StaffUserFields, string>>;

const EMPTY: StaffUserFields = { username: '', email: '', password: '', role: '' };

/** The first problem of each field, with the spec's words for the empty username, password and role. */
export function staffUserErrors(fields: StaffUserFields): StaffUserErrors {
  const errors: StaffUserErrors = {};
  const username = usernameSchema.safeParse(fields.username);
  if (!username.success) errors.username = username.error.issues[0]?.message;
  const email = emailSchema.safeParse(fields.email);
  if (!email.success) errors.email = email.error.issues[0]?.message;
  if (!fields.password) errors.password = STAFF_USER_MESSAGES.passwordRequired;
  else {
    const shape = passwordShapeProblem(fields.username, fields.password);
    if (shape) errors.password = shape;
  }
  if (!fields.role) errors.role = STAFF_USER_MESSAGES.selectRole;
  return errors;
}

/** The fields of a create-user form, the errors shown after a submit, and 'Validation Errors!' while any stands. */
export function useStaffUserForm() {
  const [fields, setFields] = useState<StaffUserFields>(EMPTY);
  const [errors, setErrors] = useState<StaffUserErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = <K extends keyof StaffUserFields>(name: K, value: StaffUserFields[K]) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    // Once a submit has shown the errors, they follow the typing; the placeholder role says so at once.
    if (submitted) setErrors(staffUserErrors(next));
    else if (name === 'role')
      setErrors((e) => ({ ...e, role: value ? undefined : STAFF_USER_MESSAGES.selectRole }));
  };

  /** True when the fields are valid; otherwise shows every error. */
  const validate = (): boolean => {
    const found = staffUserErrors(fields);
    setSubmitted(true);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const reset = () => {
    setFields(EMPTY);
    setErrors({});
    setSubmitted(false);
  };

  const invalid = submitted && Object.values(errors).some(Boolean);
  return { fields, errors, invalid, change, validate, reset };
}
