import { useMemo, type ReactNode } from 'react';
import type { ServerFailure } from '../../machines/access/failures';
import {
  JURISDICTION_ADMIN_MESSAGES as M,
  type AdminLocality,
  type AdminStation,
  type AdminWard,
} from '../../src/contract/jurisdiction-admin.contract';
import { StaffUserApiContext } from '../../src/web/components/staff-user-api';
import {
  JurisdictionAdminApiContext,
  type JurisdictionAdminApi,
} from '../../src/web/features/jurisdiction-admin/jurisdiction-admin-api';
import { fakeStaffUserApi } from '../components/staff-user-fakes';

/** The jurisdiction screens over in-memory calls (no network), for stories and jsdom tests. */

const laitumkhrah = { policeStationCode: 'PS1701001', policeStationName: 'Laitumkhrah Police Station' };
const sadar = { policeStationCode: 'PS1701002', policeStationName: 'Sadar Police Station' };
const eastKhasi = { districtCode: '1701', districtName: 'East Khasi Hills' };

export const sampleStations: AdminStation[] = [
  { ...laitumkhrah, dist: eastKhasi, users: [{ id: 5, username: 'police', role: 'POLICE' }] },
  { ...sadar, dist: eastKhasi, users: [] },
  {
    policeStationCode: 'PS1703001',
    policeStationName: 'Nongpoh Police Station',
    dist: { districtCode: '1703', districtName: 'Ri-Bhoi' },
    users: [],
  },
];

export const sampleLocalities: AdminLocality[] = [
  {
    localityCode: 'PS1701001LA01',
    localityName: 'Laitumkhrah',
    headManName: 'B. Kharkongor',
    ps: laitumkhrah,
    users: [
      { id: 6, username: 'locality', role: 'LOCALITY' },
      { id: 7, username: 'supermoderator', role: 'SUPERMODERATOR' },
    ],
  },
  {
    localityCode: 'PS1701001LA02',
    localityName: 'Malki',
    headManName: 'D. Syiem',
    ps: laitumkhrah,
    users: [],
  },
  {
    localityCode: 'PS1701002LA01',
    localityName: 'Police Bazar',
    headManName: 'H. Dkhar',
    ps: sadar,
    users: [],
  },
];

const ward = (
  code: string,
  name: string,
  head: string,
  locality: AdminLocality,
  users: AdminWard['users'] = [],
) => ({
  localAuthorityCode: code,
  localAuthorityName: name,
  headManName: head,
  area: locality.localityCode,
  localityName: locality.localityName,
  ps: locality.ps,
  users,
});

export const sampleWards: AdminWard[] = [
  ward('PS1701001LA01W01', 'Laitumkhrah Main', 'R. Lyngdoh', sampleLocalities[0], [
    { id: 9, username: 'moderator', role: 'MODERATOR' },
  ]),
  ward('PS1701001LA01W02', 'Nongrim Hills', 'S. Marbaniang', sampleLocalities[0]),
  ward('PS1701001LA02W01', 'Malki Dhankheti', 'A. Wahlang', sampleLocalities[1]),
  ward('PS1701002LA01W01', 'Police Bazar Central', 'T. Lamare', sampleLocalities[2]),
];

export interface FakeJurisdictionOptions {
  /** 'empty': no units; 'fails': the list answers 500; 'pending': it never answers. */
  list?: 'works' | 'empty' | 'fails' | 'pending';
  /** 'duplicate': creation answers 409 with the server's reason. */
  create?: 'works' | 'duplicate';
  onCall?(name: keyof JurisdictionAdminApi, args: unknown[]): void;
}

export const LIST_REFUSED = 'Server Issue. Please try again later!';

const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};

export function fakeJurisdictionApi(options: FakeJurisdictionOptions = {}): JurisdictionAdminApi {
  const note = (name: keyof JurisdictionAdminApi, args: unknown[]) => options.onCall?.(name, args);
  function list<T>(name: keyof JurisdictionAdminApi, rows: T[], args: unknown[]): Promise<T[]> {
    note(name, args);
    switch (options.list ?? 'works') {
      case 'empty':
        return Promise.resolve([]);
      case 'fails':
        return refuse({ status: 500, message: LIST_REFUSED });
      case 'pending':
        return new Promise<T[]>(() => {});
      default:
        return Promise.resolve(rows);
    }
  }
  function create(name: keyof JurisdictionAdminApi, message: string, duplicate: string, args: unknown[]) {
    note(name, args);
    if (options.create === 'duplicate') return refuse({ status: 409, message: duplicate });
    return Promise.resolve({ message, code: 'PS1701004' });
  }
  return {
    stations: () => list('stations', sampleStations, []),
    localities: (query) =>
      list(
        'localities',
        sampleLocalities.filter(
          (l) => !query?.policeStationCode || l.ps.policeStationCode === query.policeStationCode,
        ),
        [query],
      ),
    wards: (query) =>
      list(
        'wards',
        sampleWards.filter((w) => !query?.localityCode || w.area === query.localityCode),
        [query],
      ),
    districts: () => Promise.resolve([eastKhasi, { districtCode: '1703', districtName: 'Ri-Bhoi' }]),
    stationChoices: () =>
      Promise.resolve(
        sampleStations.map(({ policeStationCode, policeStationName, dist }) => ({
          policeStationCode,
          policeStationName,
          dist: { ...dist, stateCode: '17' },
        })),
      ),
    createStation: (body) => create('createStation', M.stationAdded, M.duplicateStation, [body]),
    createLocality: (body) => create('createLocality', M.localityCreated, M.duplicateLocality, [body]),
    createWard: (body) => create('createWard', M.wardCreated, M.duplicateWard, [body]),
  };
}

/** A jurisdiction screen over the fakes (and a fake users/sign-up for its Add User dialogs). */
export function WithJurisdictionFakes({
  fake = {},
  children,
}: {
  fake?: FakeJurisdictionOptions;
  children: ReactNode;
}) {
  // One fake per set of options: a new one on each render would reload the table forever.
  const api = useMemo(() => fakeJurisdictionApi(fake), [fake]);
  const users = useMemo(() => fakeStaffUserApi(), []);
  return (
    <JurisdictionAdminApiContext.Provider value={api}>
      <StaffUserApiContext.Provider value={users}>{children}</StaffUserApiContext.Provider>
    </JurisdictionAdminApiContext.Provider>
  );
}
