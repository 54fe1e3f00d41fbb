import type { Endpoint } from './endpoint';
import { OTP_ENDPOINTS } from './otp.contract';
import { TRACKING_ENDPOINTS } from './tracking.contract';

/**
 * Every endpoint the contract declares, by area: the server must register each (tests/server/contract-endpoints
 * .test.ts). Only tests read this list; the server and the web import their area's table.
 */
export const CONTRACT_ENDPOINTS: Record<string, Record<string, Endpoint>> = {
  tracking: TRACKING_ENDPOINTS,
  otp: OTP_ENDPOINTS,
};
