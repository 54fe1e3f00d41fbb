import type { PendingChannelChange } from '../../../contract/channel-changes.contract';
import { createContext, useContext } from 'react';
import type { DocumentListItem, UploadDocumentBody } from '../../../contract/documents.contract';
import type { DistrictRow, StateRow } from '../../../contract/master.contract';
import type { DocumentReply } from '../../../contract/register.contract';
import type { z } from 'zod';
import type {
  FamilyMember,
  Helper,
  Tenant,
  familyMemberBodySchema,
  helperBodySchema,
  tenantBodySchema,
} from '../../../contract/tenants.contract';

/** The bodies as the browser sends them (the schemas' input side: optional fields may be left out). */
export type TenantBodyInput = z.input<typeof tenantBodySchema>;
export type FamilyMemberBody = z.input<typeof familyMemberBodySchema>;
export type HelperBody = z.input<typeof helperBodySchema>;

/**
 * The calls the tenant profile makes (and the camera it opens), as one object: the browser gets the real ones (tenant-api.ts), stories and
 * jsdom tests get fakes (no network). Every call rejects with a ServerFailure `{status?, message?}`.
 */
export interface TenantServices {
  states(): Promise<StateRow[]>;
  districts(stateCode: string): Promise<DistrictRow[]>;
  occupations(): Promise<string[]>;
  relationships(): Promise<string[]>;
  tenancyTypes(): Promise<{ tenancyCode: string; type: string }[]>;
  /** A new tenant (no key needed) or an update of the key's own tenant. */
  /** The save's reply; `channelChange` when the save held the contact (an ID whose earlier record was deleted). */
  saveTenant(
    body: TenantBodyInput,
    tenantId: number | null,
  ): Promise<{ message: string; tenant: Tenant; channelChange?: PendingChannelChange | null }>;
  familyMembers(tenantId: number): Promise<FamilyMember[]>;
  addFamilyMember(tenantId: number, body: FamilyMemberBody): Promise<{ message: string; memberCode: number }>;
  removeFamilyMember(tenantId: number, memberCode: number): Promise<{ message: string }>;
  helpers(tenantId: number): Promise<Helper[]>;
  addHelper(tenantId: number, body: HelperBody): Promise<{ message: string; memberCode: number }>;
  removeHelper(tenantId: number, memberCode: number): Promise<{ message: string }>;
  documents(tenantId: number): Promise<DocumentListItem[]>;
  document(docid: number): Promise<DocumentReply>;
  upload(body: UploadDocumentBody): Promise<{ message: string; docid: number }>;
  /** The device's camera, front ('user') or back ('environment'); stories give a drawn stream instead. */
  openCamera(facing: CameraFacing): Promise<MediaStream>;
  /**
   * The key's own held change of its mobile or email, asked by an official, and stopping it
   * (docs/otp-channel-changes.md). Only the citizen's calls have them.
   */
  pendingChannelChange?: () => Promise<PendingChannelChange | null>;
  stopChannelChange?: () => Promise<string>;
}

export type CameraFacing = 'user' | 'environment';

export const TenantServicesContext = createContext<TenantServices | null>(null);

export function useTenantServices(): TenantServices {
  const services = useContext(TenantServicesContext);
  if (!services) throw new Error('useTenantServices needs a TenantServicesContext provider');
  return services;
}
