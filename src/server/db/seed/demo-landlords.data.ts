// Demo landlords of Shillong, Nongpoh and Tura with their rental units. Names, localities and PIN codes are
// realistic; EPIC numbers and mobile numbers are invented. Ward codes follow docs/jurisdiction-codes.md.

export interface DemoAddress {
  address1: string;
  address2?: string;
  pinCode: string;
  districtCode: string;
}

export interface DemoUnit {
  houseNo: string;
  floorNo?: string;
  address1: string;
  address2?: string;
  pinCode: string;
  wardCode: string;
}

export interface DemoLandlord {
  epicNo: string;
  firstName: string;
  middleName?: string;
  lastName: string;
  occupation: string;
  mobile: string;
  email?: string;
  address: DemoAddress;
  units: DemoUnit[];
  /** Domestic helpers working for the landlord: [name, date of birth, home address line, PIN, district]. */
  helpers?: [string, string, string, string, string][];
}

/** The wards the demo uses; the first is the seeded moderator's, the fourth moderator2's. */
export const W = {
  laitumkhrahMain: 'PS1701001LA01W01',
  nongrimHills: 'PS1701001LA01W02',
  lowerLaitumkhrah: 'PS1701001LA01W03',
  malkiDhankheti: 'PS1701001LA02W01',
  lawsohtun: 'PS1701001LA02W02',
  policeBazar: 'PS1701002LA01W01',
  keatingRoad: 'PS1701002LA01W02',
  jailRoadEast: 'PS1701002LA02W01',
  mawiong: 'PS1701003LA01W01',
  nongpohBazar: 'PS1703001LA01W01',
  hawakhana: 'PS1706001LA01W01',
  araimileEast: 'PS1706001LA02W01',
} as const;

const shillong = (address1: string, pinCode = '793003', address2 = 'Shillong'): DemoAddress => ({
  address1,
  address2,
  pinCode,
  districtCode: '1701',
});
const unit = (
  houseNo: string,
  floorNo: string | undefined,
  address1: string,
  pinCode: string,
  wardCode: string,
): DemoUnit => ({
  houseNo,
  floorNo,
  address1,
  address2: wardCode.startsWith('PS1706') ? 'Tura' : wardCode.startsWith('PS1703') ? 'Nongpoh' : 'Shillong',
  pinCode,
  wardCode,
});

export const DEMO_LANDLORDS: DemoLandlord[] = [
  {
    epicNo: 'KHS2041137',
    firstName: 'Banteilang',
    lastName: 'Kharkongor',
    occupation: 'Government Service',
    mobile: '9863012401',
    email: 'banteilang.k@example.in',
    address: shillong('House 12, Laitumkhrah Main Road'),
    units: [
      unit('12', 'Ground', 'Laitumkhrah Main Road', '793003', W.laitumkhrahMain),
      unit('12', 'First', 'Laitumkhrah Main Road', '793003', W.laitumkhrahMain),
      unit('7A', 'Ground', 'Nongrim Hills, near Don Bosco Square', '793003', W.nongrimHills),
    ],
    helpers: [['Sumitra Thapa', '1979-04-12', 'Jhalupara', '793002', '1701']],
  },
  {
    epicNo: 'KHS3318820',
    firstName: 'Ibashisha',
    lastName: 'Lyngdoh',
    occupation: 'Business',
    mobile: '9436105522',
    email: 'ibashisha.lyngdoh@example.in',
    address: shillong('Lyngdoh Villa, Laitumkhrah'),
    units: [
      unit('Lyngdoh Villa', 'Ground', 'Beat House Road, Laitumkhrah', '793003', W.laitumkhrahMain),
      unit('Lyngdoh Villa', 'Second', 'Beat House Road, Laitumkhrah', '793003', W.laitumkhrahMain),
    ],
  },
  {
    epicNo: 'KHS1120394',
    firstName: 'Wanphrang',
    middleName: 'R.',
    lastName: 'Syiem',
    occupation: 'Retired',
    mobile: '9774023318',
    address: shillong('Syiem Cottage, Lower Laitumkhrah'),
    units: [
      unit('44', 'Ground', 'Dhobi Ghat Road, Laitumkhrah', '793003', W.laitumkhrahMain),
      unit('9', 'First', 'Lower Laitumkhrah, near Community Hall', '793003', W.lowerLaitumkhrah),
    ],
  },
  {
    epicNo: 'KHS5562017',
    firstName: 'Daiaphi',
    lastName: 'Marbaniang',
    occupation: 'Teacher',
    mobile: '8974410263',
    email: 'daiaphi.m@example.in',
    address: shillong('Marbaniang House, Nongrim Hills'),
    units: [
      unit('3', 'Ground', 'Nongrim Hills, Lane 2', '793003', W.nongrimHills),
      unit('15', 'Ground', 'Lower Laitumkhrah Road', '793003', W.lowerLaitumkhrah),
    ],
  },
  {
    epicNo: 'KHS6690451',
    firstName: 'Kynsai',
    lastName: 'Nongrum',
    occupation: 'Business',
    mobile: '9856230147',
    email: 'kynsai.nongrum@example.in',
    address: shillong('Nongrum Building, Malki', '793001'),
    units: [
      unit('N-21', 'Ground', 'Dhankheti, Malki', '793001', W.malkiDhankheti),
      unit('N-21', 'First', 'Dhankheti, Malki', '793001', W.malkiDhankheti),
      unit('N-21', 'Second', 'Dhankheti, Malki', '793001', W.malkiDhankheti),
    ],
  },
  {
    epicNo: 'KHS7731902',
    firstName: 'Phrangsngi',
    lastName: 'Rymbai',
    occupation: 'Advocate',
    mobile: '9402117788',
    address: shillong('Rymbai House, Lawsohtun', '793008'),
    units: [
      unit('5', 'Ground', 'Lawsohtun, near Presbyterian Church', '793008', W.lawsohtun),
      unit('27', 'First', 'Malki Point', '793001', W.malkiDhankheti),
    ],
  },
  {
    epicNo: 'KHS4409876',
    firstName: 'Bashaphrang',
    lastName: 'Dkhar',
    occupation: 'Shopkeeper',
    mobile: '9612054433',
    address: shillong('Dkhar Complex, Police Bazar', '793001'),
    units: [
      unit('Dkhar Complex', 'Third', 'G.S. Road, Police Bazar', '793001', W.policeBazar),
      unit('Dkhar Complex', 'Fourth', 'G.S. Road, Police Bazar', '793001', W.policeBazar),
    ],
    helpers: [['Phidalia Nongkhlaw', '1986-09-03', 'Mawlai Mawdatbaki', '793008', '1701']],
  },
  {
    epicNo: 'KHS8825310',
    firstName: 'Evanrisha',
    lastName: 'Pyngrope',
    occupation: 'Doctor',
    mobile: '9436331290',
    email: 'dr.evanrisha@example.in',
    address: shillong('Pyngrope House, Keating Road', '793001'),
    units: [
      unit('18', 'Ground', 'Keating Road', '793001', W.keatingRoad),
      unit('2', 'First', 'Jail Road, near Bara Bazar', '793002', W.jailRoadEast),
    ],
  },
  {
    epicNo: 'KHS9017265',
    firstName: 'Ridalin',
    lastName: 'Kharbuli',
    occupation: 'Self Employed',
    mobile: '9863377120',
    address: shillong('Kharbuli House, Mawiong', '793016'),
    units: [
      unit('61', 'Ground', 'Umjapung, Mawiong', '793016', W.mawiong),
      unit('61', 'First', 'Umjapung, Mawiong', '793016', W.mawiong),
    ],
  },
  {
    epicNo: 'RBH2208813',
    firstName: 'Wansuk',
    lastName: 'Makri',
    occupation: 'Farmer',
    mobile: '9089123456',
    address: {
      address1: 'Makri House, Nongpoh Bazar',
      address2: 'Nongpoh',
      pinCode: '793102',
      districtCode: '1703',
    },
    units: [
      unit('11', 'Ground', 'Nongpoh Bazar, G.S. Road', '793102', W.nongpohBazar),
      unit('11', 'First', 'Nongpoh Bazar, G.S. Road', '793102', W.nongpohBazar),
    ],
  },
  {
    epicNo: 'WGH3350192',
    firstName: 'Saljagrik',
    middleName: 'Ch.',
    lastName: 'Momin',
    occupation: 'Business',
    mobile: '9436871102',
    email: 'saljagrik.momin@example.in',
    address: {
      address1: 'Momin Building, Hawakhana',
      address2: 'Tura',
      pinCode: '794001',
      districtCode: '1706',
    },
    units: [
      unit('M-4', 'Ground', 'Hawakhana, Main Road', '794001', W.hawakhana),
      unit('M-4', 'First', 'Hawakhana, Main Road', '794001', W.hawakhana),
    ],
  },
  {
    epicNo: 'WGH4471835',
    firstName: 'Rikman',
    lastName: 'Sangma',
    occupation: 'Government Service',
    mobile: '9862455310',
    address: {
      address1: 'Sangma House, Araimile',
      address2: 'Tura',
      pinCode: '794101',
      districtCode: '1706',
    },
    units: [
      unit('22', 'Ground', 'Araimile East, near Don Bosco School', '794101', W.araimileEast),
      unit('6', 'Ground', 'Chandmari Road, Hawakhana', '794001', W.hawakhana),
    ],
  },
];
