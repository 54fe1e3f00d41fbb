import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Title } from '@mantine/core';
import { messageOr } from '../../../../machines/access/failures';
import type { Role } from '../../../contract/roles';
import type { DistrictRow, StateRow } from '../../../contract/master.contract';
import { ROLE_LEVEL } from '../../../contract/staff-users.contract';
import { showSnackbar } from '../../app/snackbar';
import {
  newStaffUser,
  StaffAccountInputs,
  StaffRoleSelect,
  StaffUserAlerts,
} from '../../components/staff-user-fields';
import { useStaffUserForm } from '../../components/staff-user-form-state';
import { useUsersAdminApi } from './users-admin-api';

/**
 * The roles this page creates: the state roles (usercode: the state's code) and the district roles (usercode:
 * the district's code). Station, locality and ward accounts are made on their own screens, beside the place
 * they work in (docs/users-admin.md).
 */
export const USERS_PAGE_ROLES: readonly Role[] = ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'USER'];
export const MEGHALAYA = '17';

/** Create Users (backoffice.md "Users page"): the account, its state and district, and its role. */
export function CreateUsersCard({ onCreated }: { onCreated: () => void }) {
  const api = useUsersAdminApi();
  const form = useStaffUserForm();
  const { fields } = form;
  const [states, setStates] = useState<StateRow[]>([]);
  const [districts, setDistricts] = useState<DistrictRow[]>([]);
  const [stateCode, setStateCode] = useState(MEGHALAYA);
  const [districtCode, setDistrictCode] = useState('');
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    api.states().then(setStates, () => setStates([]));
  }, [api]);
  useEffect(() => {
    api.districts(stateCode).then(setDistricts, () => setDistricts([]));
  }, [api, stateCode]);

  const districtRole = fields.role !== '' && ROLE_LEVEL[fields.role] === 'district';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const valid = form.validate();
    const missingDistrict = districtRole && !districtCode;
    setPlaceError(missingDistrict ? 'District required' : null);
    if (!valid || missingDistrict || !fields.role) return;
    setSending(true);
    try {
      const reply = await api.createUser(
        newStaffUser({ ...fields, role: fields.role }, districtRole ? districtCode : stateCode),
      );
      showSnackbar(reply.message, 'success');
      form.reset();
      onCreated();
    } catch (err) {
      setFailure(messageOr(err, 'Server Issue. Please try again later!'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="create-users-title">
      <Title order={2} fz={20} id="create-users-title" mb="sm">
        Create Users
      </Title>
      <form onSubmit={submit} noValidate aria-label="Create Users">
        <Stack gap="sm">
          <StaffUserAlerts invalid={form.invalid || placeError !== null} failure={failure} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <StaffAccountInputs form={form} />
            <NativeSelect
              label="State"
              required
              value={stateCode}
              data={states.map((s) => ({ value: s.stateCode, label: s.stateName }))}
              onChange={(e) => {
                setStateCode(e.currentTarget.value);
                setDistrictCode('');
              }}
            />
            <NativeSelect
              label="District"
              required={districtRole}
              value={districtCode}
              description="The district's code becomes the usercode of a Verifier or User."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={placeError ?? undefined}
              data={[
                { value: '', label: 'Select district' },
                ...districts.map((d) => ({ value: d.districtCode, label: d.districtName })),
              ]}
              onChange={(e) => {
                setDistrictCode(e.currentTarget.value);
                setPlaceError(null);
              }}
            />
            <StaffRoleSelect form={form} roles={USERS_PAGE_ROLES} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={sending}>
              Create User
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
