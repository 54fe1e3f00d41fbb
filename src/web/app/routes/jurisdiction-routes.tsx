import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import type { Role } from '../../../contract/roles';
import { LocalitiesPage } from '../../features/jurisdiction-admin/localities-page';
import { PoliceStationsPage } from '../../features/jurisdiction-admin/police-stations-page';
import {
  RegisteredLocalitiesPage,
  RegisteredWardsPage,
} from '../../features/jurisdiction-admin/registered-units-pages';
import { WardsPage, type WardsViewer } from '../../features/jurisdiction-admin/wards-page';
import type { StaffSession } from '../../lib/session-store';
import { useStaffSession } from '../use-staff-session';

/**
 * Who opens which jurisdiction screen: the menu's roles and those whose dashboard card opens it (server:
 * src/server/routes/jurisdiction-admin.ts READERS, which refuses the others too; docs/jurisdiction-admin.md).
 */
const OPENERS = {
  policeStations: ['ADMIN', 'SUPERVISOR'],
  localities: ['ADMIN', 'VERIFIER'],
  subLocalities: ['ADMIN', 'VERIFIER', 'SUPERMODERATOR'],
  registeredLocalities: ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'POLICE'],
  registeredSubLocalities: ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'POLICE', 'SUPERMODERATOR', 'LOCALITY'],
} as const satisfies Record<string, readonly Role[]>;

/** Roles that may create a ward officer (users/sign-up: ADMIN any, VERIFIER its district, SUPERMODERATOR its locality). */
const WARD_USER_CREATORS: readonly Role[] = ['ADMIN', 'VERIFIER', 'SUPERMODERATOR'];

function RoleOnly(props: {
  roles: readonly Role[];
  refusal: string;
  children: (session: StaffSession) => ReactNode;
}) {
  const session = useStaffSession();
  if (!session) return null;
  if (!props.roles.includes(session.role)) {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        {props.refusal}
      </Alert>
    );
  }
  return props.children(session);
}

export function PoliceStationsRoute() {
  return (
    <RoleOnly
      roles={OPENERS.policeStations}
      refusal="The police stations are for administrators and supervisors."
    >
      {(s) => <PoliceStationsPage canEdit={s.role === 'ADMIN'} />}
    </RoleOnly>
  );
}

export function LocalitiesRoute() {
  return (
    <RoleOnly roles={OPENERS.localities} refusal="Localities are managed by verifiers and administrators.">
      {(s) => <LocalitiesPage districtCode={s.role === 'VERIFIER' ? s.usercode : undefined} />}
    </RoleOnly>
  );
}

export function SubLocalitiesRoute() {
  return (
    <RoleOnly
      roles={OPENERS.subLocalities}
      refusal="Sub-localities/wards are managed by verifiers, locality officers and administrators."
    >
      {(s) => <WardsPage viewer={s.role as WardsViewer} usercode={s.usercode} />}
    </RoleOnly>
  );
}

export function RegisteredLocalitiesRoute() {
  return (
    <RoleOnly
      roles={OPENERS.registeredLocalities}
      refusal="The registered localities are not part of your work."
    >
      {() => <RegisteredLocalitiesPage />}
    </RoleOnly>
  );
}

export function RegisteredSubLocalitiesRoute() {
  return (
    <RoleOnly
      roles={OPENERS.registeredSubLocalities}
      refusal="The registered sub-localities/wards are not part of your work."
    >
      {(s) => <RegisteredWardsPage canAddUsers={WARD_USER_CREATORS.includes(s.role)} />}
    </RoleOnly>
  );
}
