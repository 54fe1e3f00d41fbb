import { createContext, useContext } from 'react';
import type { z } from 'zod';
import type {
  Landlord,
  LandlordApplications,
  landlordInputSchema,
  landlordUpdateSchema,
} from '../../../contract/landlords.contract';
import type {
  DistrictRow,
  LocalAuthorityRow,
  PoliceStationRow,
  StateRow,
} from '../../../contract/master.contract';
import type { ChannelUpdateReply, PendingChannelChange } from '../../../contract/channel-changes.contract';
import type { RentalUnit, UnitSaved, citizenUnitSchema } from '../../../contract/rental-units.contract';

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
  /**
   * The key's own landlord, or (officials) any landlord within reach; an official's change of the mobile or email
   * is held (`channelChange`, docs/otp-channel-changes.md).
   */
  updateLandlord(body: LandlordUpdateBody): Promise<ChannelUpdateReply>;
  landlord(landlordId: string): Promise<Landlord>;
  rentalUnits(landlordId: string): Promise<RentalUnit[]>;
  /** An official's unit for a landlord it does not reach awaits the landlord's code (docs/reach.md). */
  createRentalUnit(body: RentalUnitBody): Promise<UnitSaved>;
  editRentalUnit(rentcode: string, body: RentalUnitBody): Promise<{ message: string }>;
  disownRentalUnit(rentcode: string): Promise<{ message: string }>;
  markVacant(landlordId: string, rentcode: string): Promise<{ message: string }>;
  /**
   * The Applications tab: the key's own applications (newest first, capped) and how many there are. Only the
   * landlord's own page has it (the spec shows the tab to the key-holding landlord only); officials' pages
   * leave it out, and the tab is not shown.
   */
  applications?(landlordId: string): Promise<LandlordApplications>;
  /**
   * Delete on the Applications tab: `PUT process/anonymous/updateApplication/{applid}/{landlordId}`. The server
   * allows it only before an official acted; its refusal ('... Application already forwarded.') is shown.
   */
  deleteApplication?(applid: number, landlordId: string): Promise<{ message: string }>;
  /**
   * The key's own held change of its mobile or email, asked by an official, and stopping it
   * (docs/otp-channel-changes.md). Only the landlord's own page has them.
   */
  pendingChannelChange?: () => Promise<PendingChannelChange | null>;
  stopChannelChange?: () => Promise<string>;
}

export const LandlordServicesContext = createContext<LandlordServices | null>(null);

export function useLandlordServices(): LandlordServices {
  const services = useContext(LandlordServicesContext);
  if (!services) throw new Error('useLandlordServices needs a LandlordServicesContext provider');
  return services;
}
