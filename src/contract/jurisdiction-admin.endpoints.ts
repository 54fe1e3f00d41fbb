import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  adminLocalitiesQuerySchema,
  adminLocalitySchema,
  adminStationSchema,
  adminWardSchema,
  adminWardsQuerySchema,
  localityEntryBodySchema,
  stationEntryBodySchema,
  unitCodeParamsSchema,
  unitCreatedReplySchema,
  unitUserSchema,
  wardEntryBodySchema,
} from './jurisdiction-admin.contract';
import type { Role } from './roles';

// The endpoints of the jurisdiction screens, apart from jurisdiction-admin.contract.ts (their schemas).

/** Who reads which staff table: the roles whose dashboard card or menu opens it (docs/jurisdiction-admin.md). */
const READERS = {
  stations: ['ADMIN', 'SUPERVISOR'],
  localities: ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'POLICE'],
  wards: ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'POLICE', 'SUPERMODERATOR', 'LOCALITY'],
} as const satisfies Record<string, readonly Role[]>;

const tag = 'master';

/**
 * Creation of police stations, localities and sub-localities/wards (backoffice.md section 7, "Master data"), and
 * the staff-only tables behind their screens, with the accounts of each unit (users are not public data).
 */
export const JURISDICTION_ADMIN_ENDPOINTS = {
  createStation: endpoint({
    method: 'POST',
    path: '/master/policeStationEntry',
    access: { staff: ['ADMIN'] },
    tag,
    body: stationEntryBodySchema,
    reply: unitCreatedReplySchema,
  }),
  createLocality: endpoint({
    method: 'POST',
    path: '/master/locality',
    access: { staff: ['ADMIN', 'VERIFIER'] },
    tag,
    body: localityEntryBodySchema,
    reply: unitCreatedReplySchema,
  }),
  createWard: endpoint({
    method: 'POST',
    path: '/master/localAuthorityEntry',
    access: { staff: ['ADMIN', 'VERIFIER', 'SUPERMODERATOR'] },
    tag,
    body: wardEntryBodySchema,
    reply: unitCreatedReplySchema,
  }),
  stations: endpoint({
    method: 'GET',
    path: '/master/staff/policestations',
    access: { staff: READERS.stations },
    tag,
    reply: z.array(adminStationSchema),
  }),
  localities: endpoint({
    method: 'GET',
    path: '/master/staff/localities',
    access: { staff: READERS.localities },
    tag,
    query: adminLocalitiesQuerySchema,
    reply: z.array(adminLocalitySchema),
  }),
  wards: endpoint({
    method: 'GET',
    path: '/master/staff/localauthorities',
    access: { staff: READERS.wards },
    tag,
    query: adminWardsQuerySchema,
    reply: z.array(adminWardSchema),
  }),
  unitUsers: endpoint({
    method: 'GET',
    path: '/master/staff/users/:code',
    access: { staff: READERS.wards },
    tag,
    params: unitCodeParamsSchema,
    reply: z.array(unitUserSchema),
  }),
};
