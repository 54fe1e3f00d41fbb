import { createContext, useContext } from 'react';
import {
  SITE_MEDIA_ENDPOINTS,
  siteMediaUrl,
  type HeroInfo,
  type HeroUploadBody,
  type HeroUploadReply,
  type SiteMediaName,
} from '../../../contract/site-media.contract';
import { callEndpoint } from '../../api/endpoint-call';
import { asServerCall } from '../../api/server-failure';
import { makePhoneCopy } from './phone-copy';

/**
 * What the Update Image card needs from outside, behind one interface so stories and tests plug in fakes (jsdom
 * has no canvas to draw the phone copy). Calls reject with a ServerFailure `{status?, message?}`.
 */
export interface MediaUpdateServices {
  /** GET master/media/hero: the current image, or null. */
  current(): Promise<HeroInfo | null>;
  /** POST master/media/hero. */
  upload(body: HeroUploadBody): Promise<HeroUploadReply>;
  /** The small JPEG phones get, drawn from the chosen file (phone-copy.ts). */
  phoneCopy(file: Blob): Promise<Blob>;
  /** Where a stored version of an image is shown from. */
  imageUrl: (name: SiteMediaName, version: string) => string;
}

export const httpMediaUpdateServices: MediaUpdateServices = {
  current: async () => (await asServerCall(() => callEndpoint(SITE_MEDIA_ENDPOINTS.hero, {}))).hero,
  upload: (body) => asServerCall(() => callEndpoint(SITE_MEDIA_ENDPOINTS.uploadHero, { body })),
  phoneCopy: makePhoneCopy,
  imageUrl: siteMediaUrl,
};

export const MediaUpdateServicesContext = createContext<MediaUpdateServices>(httpMediaUpdateServices);

export function useMediaUpdateServices(): MediaUpdateServices {
  return useContext(MediaUpdateServicesContext);
}
