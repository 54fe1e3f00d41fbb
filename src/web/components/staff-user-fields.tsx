import { Alert, NativeSelect, PasswordInput, TextInput } from '@mantine/core';
import { ROLE_LABELS, type Role } from '../../contract/roles';
import {
  PASSWORD_POLICY_TEXT,
  STAFF_USER_MESSAGES,
  USERNAME_RULE_TEXT,
} from '../../contract/staff-users.contract';
import type { NewStaffUser } from './staff-user-api';
import type { StaffUserFields, useStaffUserForm } from './staff-user-form-state';

// The fields both create-user forms share (the jurisdiction screens' dialog, the Users page's card): username,
// email and password (show/hide, the policy under it), the role picker, the alerts above them, and the request.

type StaffUserForm = ReturnType<typeof useStaffUserForm>;

/** 'Validation Errors!' while a field is wrong, and the server's reason when it refused the account. */
export function StaffUserAlerts({ invalid, failure }: { invalid: boolean; failure: string | null }) {
  return (
    <>
      {invalid ? (
        <Alert color="red.9" variant="outline" role="alert" title={STAFF_USER_MESSAGES.validationErrors}>
          Please correct the fields marked below.
        </Alert>
      ) : null}
      {failure ? (
        <Alert color="red.9" variant="outline" role="alert" title="User not created">
          {failure}
        </Alert>
      ) : null}
    </>
  );
}

/** Username, email and password, as siblings so the caller lays them out (a stack or a grid). */
export function StaffAccountInputs({
  form,
  autoFocus = false,
}: {
  form: StaffUserForm;
  autoFocus?: boolean;
}) {
  const { fields, errors } = form;
  return (
    <>
      <TextInput
        label="Username"
        required
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
        description={`${USERNAME_RULE_TEXT} It may not read like an existing username (case, separators, 0/o, 1/l).`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={fields.username}
        error={errors.username}
        onChange={(e) => form.change('username', e.currentTarget.value)}
      />
      <TextInput
        label="Email"
        type="email"
        required
        autoComplete="off"
        value={fields.email}
        error={errors.email}
        onChange={(e) => form.change('email', e.currentTarget.value)}
      />
      <PasswordInput
        label="Password"
        required
        autoComplete="new-password"
        description={PASSWORD_POLICY_TEXT}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={fields.password}
        error={errors.password}
        onChange={(e) => form.change('password', e.currentTarget.value)}
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
      />
    </>
  );
}

/** The role picker: 'Select role', then the roles offered. */
export function StaffRoleSelect({ form, roles }: { form: StaffUserForm; roles: readonly Role[] }) {
  const { fields, errors } = form;
  return (
    <NativeSelect
      label="Role"
      required
      data={[
        { value: '', label: 'Select role' },
        ...roles.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
      ]}
      value={fields.role}
      error={errors.role ? <span role="alert">{errors.role}</span> : undefined}
      onChange={(e) => form.change('role', e.currentTarget.value as Role | '')}
    />
  );
}

/** The sign-up request of valid fields for an account working at `usercode`. */
export function newStaffUser(fields: StaffUserFields & { role: Role }, usercode: string): NewStaffUser {
  return {
    username: fields.username.trim(),
    email: fields.email.trim(),
    password: fields.password,
    usercode,
    roles: [{ name: fields.role, rolename: ROLE_LABELS[fields.role] }],
  };
}
