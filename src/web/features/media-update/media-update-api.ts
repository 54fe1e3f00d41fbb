import { createContext, useContext } from 'react';
import {
  heroInfoReplySchema,
  heroUploadReplySchema,
  siteMediaUrl,
  type HeroInfo,
  type HeroUploadBody,
  type HeroUploadReply,
  type SiteMediaName,
} from '../../../contract/site-media.contract';
import { getParsed, sendParsed } from '../../api/parsed-calls';
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
  current: async () => (await getParsed('master/media/hero', heroInfoReplySchema)).hero,
  upload: (body) => sendParsed('POST', 'master/media/hero', heroUploadReplySchema, body),
  phoneCopy: makePhoneCopy,
  imageUrl: siteMediaUrl,
};

export const MediaUpdateServicesContext = createContext<MediaUpdateServices>(httpMediaUpdateServices);

export function useMediaUpdateServices(): MediaUpdateServices {
  return useContext(MediaUpdateServicesContext);
}
