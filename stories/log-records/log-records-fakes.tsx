import { useMemo } from 'react';
import type { ServerFailure } from '../../machines/access/failures';
import {
  AUDIT_KINDS,
  type ChainReport,
  type LogQuery,
  type LogRecordDto,
} from '../../src/contract/log-records.contract';
import { pageMeta } from '../../src/contract/paging';
import {
  LogRecordsServicesContext,
  type LogRecordsServices,
} from '../../src/web/features/log-records/log-records-api';
import { LogRecordsPage } from '../../src/web/features/log-records/log-records-page';

/** The Log Records page over in-memory calls (no network), for stories and jsdom tests. */

const USERS = ['admin', 'moderator', 'verifier', 'landlord:12'];
const REMARKS: Record<string, string> = {
  signin: 'Signed in',
  'signin-failure': 'Sign-in failed: wrong password',
  logout: 'Signed out',
  'otp-issue': 'OTP sent by email (outbox)',
  'otp-use': 'OTP verified; citizen key 3fa9c2d1 issued',
  workflow: 'Application 1042 forwarded with approval',
  refusal: 'Refused: role POLICE may not use GET /mrssapi/mrss/v-1/users/getlog',
  admin: 'Created police station PS1701004 (Mawlai)',
  other: 'Password changed by OTP; 1 session(s) and 0 key(s) ended',
};

/** 47 records spread over kinds, users and three days of November 2026. */
export const SAMPLE_RECORDS: LogRecordDto[] = Array.from({ length: 47 }, (_, i) => {
  const kind = AUDIT_KINDS[i % AUDIT_KINDS.length];
  return {
    id: 1001 + i,
    rowNumber: i + 1,
    ipAddress: `203.0.113.${(i % 20) + 1}`,
    remark: REMARKS[kind],
    url:
      kind === 'workflow' ? '/mrssapi/mrss/v-1/process/updateApplication' : '/mrssapi/mrss/v-1/users/signin',
    username: USERS[i % USERS.length],
    kind,
    logdt: new Date(Date.UTC(2026, 10, 20 + Math.floor(i / 16), 4, i, 7)).toISOString(),
  };
});

export const INTACT_REPORT: ChainReport = {
  intact: true,
  checked: 1_000_047,
  unsealed: 3,
  head: {
    seq: 1_000_047,
    id: 1_000_112,
    hash: '9f2c4e7a1b0d3c5e8f6a2b4d7c9e1f3a5b7d9c2e4f6a8b0c1d3e5f7a9b2c4d6e',
  },
  brokenAt: null,
  checkedAt: '2026-11-24T09:30:00.000Z',
  durationMs: 4210,
};

export const BROKEN_REPORT: ChainReport = {
  ...INTACT_REPORT,
  intact: false,
  checked: 1016,
  head: null,
  brokenAt: {
    reason: 'changed',
    seq: 1017,
    id: 1017,
    message:
      'Record 1017 (place 1017 in the chain) does not match its seal: it was changed after sealing, or written into the chain by hand.',
  },
};

export interface FakeLogOptions {
  /** The records: the sample, none, the call fails, or never answers. */
  records?: 'sample' | 'none' | 'fails' | 'pending';
  /** The chain check: intact, broken, the call fails, or never answers. */
  chain?: 'intact' | 'broken' | 'fails' | 'pending' | 'running';
  onCall?(name: keyof LogRecordsServices, args: unknown[]): void;
}

const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};
const never = () => new Promise<never>(() => {});

/** The server's filter and paging, done on the sample. */
function pageOf(query: LogQuery) {
  const size = Number(query.size ?? 20);
  const page = Number(query.page ?? 0);
  const rows = SAMPLE_RECORDS.filter(
    (r) =>
      (!query.username || r.username?.toLowerCase() === query.username.toLowerCase()) &&
      (!query.kind || r.kind === query.kind) &&
      (!query.from || r.logdt.slice(0, 10) >= query.from) &&
      (!query.to || r.logdt.slice(0, 10) <= query.to),
  );
  const content = rows
    .slice(page * size, page * size + size)
    .map((r, i) => ({ ...r, rowNumber: page * size + i + 1 }));
  return { ...pageMeta(page, size, rows.length), content };
}

export function fakeLogServices(options: FakeLogOptions = {}): LogRecordsServices {
  return {
    page: (query) => {
      options.onCall?.('page', [query]);
      switch (options.records ?? 'sample') {
        case 'none':
          return Promise.resolve(pageOf({ ...query, username: 'nobody' }));
        case 'fails':
          return refuse({ status: 500, message: 'Server Issue. Please try again later!' });
        case 'pending':
          return never();
        default:
          return Promise.resolve(pageOf(query));
      }
    },
    chain: () => {
      options.onCall?.('chain', []);
      switch (options.chain ?? 'intact') {
        case 'broken':
          return Promise.resolve({ running: false, report: BROKEN_REPORT, failure: null });
        case 'running':
          return Promise.resolve({ running: true, report: null, failure: null });
        case 'fails':
          return refuse({ status: 500, message: 'Server Issue. Please try again later!' });
        case 'pending':
          return never();
        default:
          return Promise.resolve({ running: false, report: INTACT_REPORT, failure: null });
      }
    },
  };
}

const NO_OPTIONS: FakeLogOptions = {};

export function LogRecordsPageWithFakes({ log = NO_OPTIONS }: { log?: FakeLogOptions }) {
  const services = useMemo(() => fakeLogServices(log), [log]);
  return (
    <LogRecordsServicesContext.Provider value={services}>
      <LogRecordsPage />
    </LogRecordsServicesContext.Provider>
  );
}
