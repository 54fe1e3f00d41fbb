import { pgTable, text, index } from 'drizzle-orm/pg-core';

// The jurisdiction tree: state > district > police station > locality > sub-locality/ward.
// Code scheme (docs/jurisdiction-codes.md): district '1701', station 'PS1701001',
// locality 'PS1701001LA01', ward 'PS1701001LA01W01'. Each code starts with its parent's code.

export const states = pgTable('states', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const districts = pgTable(
  'districts',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    stateCode: text('state_code')
      .notNull()
      .references(() => states.code),
  },
  (t) => [index('districts_state_idx').on(t.stateCode)],
);

export const policeStations = pgTable(
  'police_stations',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
  },
  (t) => [index('police_stations_district_idx').on(t.districtCode)],
);

export const localities = pgTable(
  'localities',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    headmanName: text('headman_name').notNull(),
    policeStationCode: text('police_station_code')
      .notNull()
      .references(() => policeStations.code),
  },
  (t) => [index('localities_station_idx').on(t.policeStationCode)],
);

/** A sub-locality or ward ("local authority" in the API's vocabulary). */
export const wards = pgTable(
  'wards',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    headmanName: text('headman_name').notNull(),
    localityCode: text('locality_code')
      .notNull()
      .references(() => localities.code),
  },
  (t) => [index('wards_locality_idx').on(t.localityCode)],
);
