import type { LifecycleEventType } from '../machines/application/lifecycle.events';
import { FLOW_TEXTS, remarkFor, type FlowStep, type StatusCode } from '../machines/application/statuses';
import { DEMO_DISTRICTS } from '../src/server/db/seed/demo-hierarchy';
import { OCCUPATIONS, TENANCY_TYPES } from '../src/server/db/seed/lookups-seed';

// The SQL of the scale seed. Every row is computed inside PostgreSQL from generate_series with fixed formulas,
// so a million applications need a handful of statements and no data crosses the wire. The flow of each
// application follows a lifecycle path made of the machine's own step texts (replayable like the demo's).

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (xs: readonly string[]) => `(array[${xs.map(lit).join(', ')}]::text[])`;

const FIRST_NAMES = [
  'Banteilang',
  'Ibashisha',
  'Wanphrang',
  'Daiaphi',
  'Kynsai',
  'Phrangsngi',
  'Bashaphrang',
  'Evanrisha',
  'Ridalin',
  'Wansuk',
  'Saljagrik',
  'Rikman',
  'Iarisha',
  'Pynshai',
  'Sengchi',
  'Badaplin',
  'Aiborlang',
  'Chengsrang',
  'Wandonbok',
  'Febiola',
  'Rahul',
  'Ankita',
  'Bikash',
  'Priyanka',
  'Imran',
  'Kevizo',
  'Lalremsanga',
  'Bidyarani',
  'Sanjay',
  'Rupam',
  'Mousumi',
  'Deepak',
  'Amit',
  'Nabanita',
  'Tenzing',
  'Rohit',
  'Kasturi',
  'Skhemlang',
  'Baiamon',
  'Silme',
];
const LAST_NAMES = [
  'Kharkongor',
  'Lyngdoh',
  'Syiem',
  'Marbaniang',
  'Nongrum',
  'Rymbai',
  'Dkhar',
  'Pyngrope',
  'Kharbuli',
  'Makri',
  'Momin',
  'Sangma',
  'Marak',
  'Suchiang',
  'Lamare',
  'Wahlang',
  'Nongbri',
  'Shangpliang',
  'Kharmawphlang',
  'Das',
  'Sharma',
  'Chetri',
  'Dey',
  'Hussain',
  'Pachuau',
  'Singh',
  'Bora',
  'Paul',
  'Thapa',
  'Gogoi',
];
const STREETS = [
  'Main Road',
  'G.S. Road',
  'Church Road',
  'Market Road',
  'Bazar Lane',
  'School Road',
  'Hospital Road',
];

/** The 12 districts x 10 stations x 5 localities x 5 wards of the synthetic state (3,000 wards). */
export const SCALE = { stationsPerDistrict: 10, localitiesPerStation: 5, wardsPerLocality: 5 };

export function jurisdictionSql(): string[] {
  const districts = DEMO_DISTRICTS.map(([code, name]) => `(${lit(code)}, ${lit(name)}, '17')`).join(', ');
  return [
    `insert into states (code, name) values ('17', 'Meghalaya') on conflict do nothing`,
    `insert into districts (code, name, state_code) values ${districts} on conflict do nothing`,
    `insert into tenancy_types (code, type) values ${TENANCY_TYPES.map(([c, t]) => `(${lit(c)}, ${lit(t)})`).join(', ')}
     on conflict do nothing`,
    `insert into police_stations (code, name, district_code)
     select 'PS' || d.code || lpad(s::text, 3, '0'), d.name || ' Police Station ' || s, d.code
     from districts d cross join generate_series(1, ${SCALE.stationsPerDistrict}) s
     where d.code in (${DEMO_DISTRICTS.map(([c]) => lit(c)).join(', ')}) on conflict do nothing`,
    `insert into localities (code, name, headman_name, police_station_code)
     select p.code || 'LA' || lpad(l::text, 2, '0'), 'Locality ' || l || ' of ' || p.name,
            ${textArray(FIRST_NAMES)}[1 + l % 40] || ' ' || ${textArray(LAST_NAMES)}[1 + (l * 7) % 30], p.code
     from police_stations p cross join generate_series(1, ${SCALE.localitiesPerStation}) l
     where p.code ~ '^PS17[0-9]{5}$' on conflict do nothing`,
    `insert into wards (code, name, headman_name, locality_code)
     select x.code || 'W' || lpad(w::text, 2, '0'), 'Ward ' || w || ', ' || x.name,
            ${textArray(FIRST_NAMES)}[1 + (w * 3) % 40] || ' ' || ${textArray(LAST_NAMES)}[1 + w % 30], x.code
     from localities x cross join generate_series(1, ${SCALE.wardsPerLocality}) w
     where x.code ~ '^PS17[0-9]{5}LA[0-9]{2}$' on conflict do nothing`,
  ];
}

type ActorKind = 'logby' | 'landlord' | 'ward' | 'locality';
interface PathStep {
  step: FlowStep;
  status: StatusCode;
  action: LifecycleEventType | null;
  actor: ActorKind;
  payload?: { reason?: string; remarks?: string };
}

const submitted: PathStep = { step: 'submitted', status: 'LARP', action: null, actor: 'logby' };
const recommendApproval: PathStep = {
  step: 'recommendedApproval',
  status: 'LAVP',
  action: 'application.recommendApproval',
  actor: 'ward',
};
const recommendRejection: PathStep = {
  step: 'recommendedRejection',
  status: 'LAVP',
  action: 'application.recommendRejection',
  actor: 'ward',
  payload: { reason: 'Lack of Documents', remarks: 'The identity proof is missing.' },
};
const accept: PathStep = {
  step: 'accepted',
  status: 'PLVP',
  action: 'application.accept',
  actor: 'locality',
};
const certify: PathStep = {
  step: 'certified',
  status: 'PLVP',
  action: 'application.certify',
  actor: 'locality',
};

/** The lifecycle paths the synthetic applications take, each ending in the application's stored status. */
export const PATHS: Record<string, PathStep[]> = {
  larp: [submitted],
  larpWithdrawn: [
    submitted,
    { step: 'deleted', status: 'LARP', action: 'application.delete', actor: 'landlord' },
  ],
  lavpApprove: [submitted, recommendApproval],
  lavpReject: [submitted, recommendRejection],
  rect: [
    submitted,
    {
      step: 'rectificationRequested',
      status: 'RECT',
      action: 'application.requestRectification',
      actor: 'ward',
      payload: { remarks: 'Please upload a clear photograph.' },
    },
  ],
  plvp: [submitted, recommendApproval, accept],
  plvpCertified: [submitted, recommendApproval, accept, certify],
  rjt: [
    submitted,
    recommendRejection,
    {
      step: 'declined',
      status: 'RJT',
      action: 'application.decline',
      actor: 'locality',
      payload: { reason: 'Lack of Documents' },
    },
  ],
  aparv: [
    submitted,
    recommendApproval,
    accept,
    certify,
    { step: 'tenantShifted', status: 'APARV', action: 'tenant.vacate', actor: 'landlord' },
  ],
};
const OCCUPYING_PATHS = ['larp', 'lavpApprove', 'lavpReject', 'rect', 'plvp', 'plvpCertified'];
const OFFICIAL_STEPS: FlowStep[] = [
  'recommendedApproval',
  'recommendedRejection',
  'rectificationRequested',
  'accepted',
  'declined',
  'certified',
];

const detailOf = (p: PathStep) => p.payload?.reason ?? p.payload?.remarks ?? '';

/**
 * The path of synthetic application number `a` (1..n): the newest tenth is mostly still in process, older
 * ones mostly decided. 7919 is prime to 100, so `b` visits every bucket evenly.
 */
export function pathSql(a: string, n: number): string {
  const b = `((${a})::bigint * 7919 % 100)`;
  const recent = [
    [45, 'larp'],
    [47, 'larpWithdrawn'],
    [70, 'lavpApprove'],
    [80, 'lavpReject'],
    [85, 'rect'],
    [95, 'plvp'],
    [100, 'plvpCertified'],
  ];
  const older = [
    [3, 'larp'],
    [4, 'larpWithdrawn'],
    [6, 'lavpApprove'],
    [7, 'lavpReject'],
    [9, 'rect'],
    [42, 'plvp'],
    [76, 'plvpCertified'],
    [90, 'aparv'],
    [100, 'rjt'],
  ];
  const cases = (rows: (string | number)[][]) =>
    `case ${rows.map(([lim, p]) => `when ${b} < ${lim} then '${p}'`).join(' ')} end`;
  return `(case when (${a}) > ${Math.floor(n * 0.9)} then ${cases(recent)} else ${cases(older)} end)`;
}

/** One row per path: the application's final columns. */
export function pathSummaryValues(): string {
  return Object.entries(PATHS)
    .map(([name, steps]) => {
      const last = steps.at(-1)!;
      const has = (s: FlowStep) => steps.some((x) => x.step === s);
      const acted = steps.some((x) => OFFICIAL_STEPS.includes(x.step));
      return `(${lit(name)}, ${lit(last.status)}, ${lit(remarkFor(last.step, detailOf(last)))}, ${steps.length - 1}, ${acted}, ${has('certified')}, ${has('deleted')}, ${has('tenantShifted')})`;
    })
    .join(',\n');
}

/** One row per path step: what the flow entry says. */
export function pathStepValues(): string {
  return Object.entries(PATHS)
    .flatMap(([name, steps]) =>
      steps.map((s, seq) => {
        const comments = s.step === 'recommendedRejection' ? lit(s.payload!.remarks!) : 'null';
        const payload = s.payload ? `${lit(JSON.stringify(s.payload))}::jsonb` : 'null::jsonb';
        return `(${lit(name)}, ${seq}, ${lit(s.status)}, ${lit(s.step)}, ${lit(FLOW_TEXTS[s.step])}, ${lit(remarkFor(s.step, detailOf(s)))}, ${comments}, ${s.action ? lit(s.action) : 'null'}, ${payload}, ${lit(s.actor)})`;
      }),
    )
    .join(',\n');
}

export const occupyingPathsSql = OCCUPYING_PATHS.map(lit).join(', ');
export const names = {
  first: textArray(FIRST_NAMES),
  last: textArray(LAST_NAMES),
  streets: textArray(STREETS),
  occupations: textArray(OCCUPATIONS),
};
export const tenancyCodes = textArray(TENANCY_TYPES.map(([c]) => c));
