import { REGISTRATION_FIELDS, type RegistrationEntity } from '../../../contract/registration-fields';

/** A form field's label, asterisk and hint from the one list the paper forms are drawn from too. */
export function fieldProps(entity: RegistrationEntity, name: string) {
  const field = REGISTRATION_FIELDS[entity].find((f) => f.name === name);
  if (!field) throw new Error(`No registration field ${entity}.${name}`);
  return { label: field.label, withAsterisk: field.required, description: field.hint };
}
