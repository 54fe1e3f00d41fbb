/** The demo jurisdiction of state 17 (Meghalaya). Codes follow docs/jurisdiction-codes.md. */
export const DEMO_STATE = { code: '17', name: 'Meghalaya' };

export const DEMO_DISTRICTS = [
  ['1701', 'East Khasi Hills'],
  ['1702', 'West Khasi Hills'],
  ['1703', 'Ri-Bhoi'],
  ['1704', 'West Jaintia Hills'],
  ['1705', 'East Jaintia Hills'],
  ['1706', 'West Garo Hills'],
  ['1707', 'East Garo Hills'],
  ['1708', 'South Garo Hills'],
  ['1709', 'North Garo Hills'],
  ['1710', 'South West Garo Hills'],
  ['1711', 'South West Khasi Hills'],
  ['1712', 'Eastern West Khasi Hills'],
] as const;

interface DemoStation {
  code: string;
  name: string;
  localities: { name: string; headman: string; wards: [string, string][] }[];
}

export const DEMO_STATIONS: DemoStation[] = [
  {
    code: 'PS1701001',
    name: 'Laitumkhrah Police Station',
    localities: [
      {
        name: 'Laitumkhrah',
        headman: 'B. Kharkongor',
        wards: [
          ['Laitumkhrah Main', 'R. Lyngdoh'],
          ['Nongrim Hills', 'S. Marbaniang'],
          ['Lower Laitumkhrah', 'P. Nongrum'],
        ],
      },
      {
        name: 'Malki',
        headman: 'D. Syiem',
        wards: [
          ['Malki Dhankheti', 'A. Wahlang'],
          ['Lawsohtun', 'K. Rymbai'],
        ],
      },
    ],
  },
  {
    code: 'PS1701002',
    name: 'Sadar Police Station',
    localities: [
      {
        name: 'Police Bazar',
        headman: 'H. Dkhar',
        wards: [
          ['Police Bazar Central', 'T. Lamare'],
          ['Keating Road', 'M. Sangma'],
        ],
      },
      {
        name: 'Jail Road',
        headman: 'J. Pyngrope',
        wards: [
          ['Jail Road East', 'L. Shylla'],
          ['Garikhana', 'N. Khongwir'],
        ],
      },
    ],
  },
  {
    code: 'PS1701003',
    name: 'Mawlai Police Station',
    localities: [
      {
        name: 'Mawlai Mawiong',
        headman: 'E. Lyngkhoi',
        wards: [
          ['Mawiong Umjapung', 'F. Nongbri'],
          ['Mawlai Nongpdeng', 'G. Kharbuli'],
        ],
      },
    ],
  },
  {
    code: 'PS1703001',
    name: 'Nongpoh Police Station',
    localities: [
      {
        name: 'Nongpoh Town',
        headman: 'W. Makri',
        wards: [
          ['Nongpoh Bazar', 'C. Marak'],
          ['Umsaw', 'V. Lyngdoh'],
        ],
      },
    ],
  },
  {
    code: 'PS1706001',
    name: 'Tura Police Station',
    localities: [
      {
        name: 'Tura Bazar',
        headman: 'R. Momin',
        wards: [
          ['Hawakhana', 'O. Sangma'],
          ['Chandmari', 'Q. Marak'],
        ],
      },
      { name: 'Araimile', headman: 'U. Ch. Marak', wards: [['Araimile East', 'Y. Sangma']] },
    ],
  },
];

export const localityCode = (stationCode: string, index: number) =>
  `${stationCode}LA${String(index + 1).padStart(2, '0')}`;
export const wardCode = (locality: string, index: number) =>
  `${locality}W${String(index + 1).padStart(2, '0')}`;

/** One account per role, named so a person can guess them. Levels: 1 state, 2 district, 3 station, 4 locality, 5 ward. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', role: 'ADMIN', usercode: '17', level: 1, email: 'admin@mrss.example' },
  { username: 'supervisor', role: 'SUPERVISOR', usercode: '17', level: 1, email: 'supervisor@mrss.example' },
  { username: 'verifier', role: 'VERIFIER', usercode: '1701', level: 2, email: 'verifier@mrss.example' },
  { username: 'user', role: 'USER', usercode: '1701', level: 2, email: 'user@mrss.example' },
  { username: 'police', role: 'POLICE', usercode: 'PS1701001', level: 3, email: 'police@mrss.example' },
  {
    username: 'locality',
    role: 'LOCALITY',
    usercode: 'PS1701001LA01',
    level: 4,
    email: 'locality@mrss.example',
  },
  {
    username: 'supermoderator',
    role: 'SUPERMODERATOR',
    usercode: 'PS1701001LA01',
    level: 4,
    email: 'supermoderator@mrss.example',
  },
  {
    username: 'supermoderator2',
    role: 'SUPERMODERATOR',
    usercode: 'PS1701001LA02',
    level: 4,
    email: 'supermoderator2@mrss.example',
  },
  {
    username: 'moderator',
    role: 'MODERATOR',
    usercode: 'PS1701001LA01W01',
    level: 5,
    email: 'moderator@mrss.example',
  },
  {
    username: 'moderator2',
    role: 'MODERATOR',
    usercode: 'PS1701001LA02W01',
    level: 5,
    email: 'moderator2@mrss.example',
  },
] as const;
