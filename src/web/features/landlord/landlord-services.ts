import { createContext, useContext } from 'react';
import type { z } from 'zod';
import type {
  Landlord,
  landlordInputSchema,
  landlordUpdateSchema,
} from '../../../contract/landlords.contract';
import type {
  DistrictRow,
  LocalAuthorityRow,
  PoliceStationRow,
  StateRow,
} from '../../../contract/master.contract';
import type { RentalUnit, citizenUnitSchema } from '../../../contract/rental-units.contract';

/** The bodies as the browser sends them (the contract schemas' input side). */
export type LandlordBody = z.input<typeof landlordInputSchema>;
export type LandlordUpdateBody = z.input<typeof landlordUpdateSchema>;
export type RentalUnitBody = z.input<typeof citizenUnitSchema>;

/**
 * The calls the landlord page makes, as one object: the browser gets the real ones (landlord-api.ts), stories
 * and jsdom tests get fakes (no network). Every call rejects with a ServerFailure `{status?, message?}`.
 */
export interface LandlordServices {
  states(): Promise<StateRow[]>;
  districts(stateCode: string): Promise<DistrictRow[]>;
  occupations(): Promise<string[]>;
  policeStations(districtCode: string): Promise<PoliceStationRow[]>;
  wards(policeStationCode: string): Promise<LocalAuthorityRow[]>;
  /** Anonymous registration (no key yet): the new landlord's id. */
  createLandlord(body: LandlordBody): Promise<{ message: string; landlord_id: number }>;
  /** The key's own landlord. */
  updateLandlord(body: LandlordUpdateBody): Promise<{ message: string }>;
  landlord(landlordId: string): Promise<Landlord>;
  rentalUnits(landlordId: string): Promise<RentalUnit[]>;
  createRentalUnit(body: RentalUnitBody): Promise<{ message: string; rentcode: string }>;
  editRentalUnit(rentcode: string, body: RentalUnitBody): Promise<{ message: string }>;
  disownRentalUnit(rentcode: string): Promise<{ message: string }>;
  markVacant(landlordId: string, rentcode: string): Promise<{ message: string }>;
}

export const LandlordServicesContext = createContext<LandlordServices | null>(null);

export function useLandlordServices(): LandlordServices {
  const services = useContext(LandlordServicesContext);
  if (!services) throw new Error('useLandlordServices needs a LandlordServicesContext provider');
  return services;
}
