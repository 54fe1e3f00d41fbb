import { useMemo } from 'react';
import type { HeroInfo } from '../../src/contract/site-media.contract';
import type { ServerFailure } from '../../machines/access/failures';
import {
  MediaUpdateServicesContext,
  type MediaUpdateServices,
} from '../../src/web/features/media-update/media-update-api';
import { MediaUpdatePage } from '../../src/web/features/media-update/media-update-page';

/** The Media Update page over in-memory calls (no network, no canvas), for stories and jsdom tests. */

/** A picture for the fakes: a drawn landscape, as an SVG data URL (no file, no request). */
const PICTURE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#7fb3d5"/>' +
    '<path d="M0 70 40 40 70 62 110 30 160 66V90H0z" fill="#2e7d32"/><circle cx="130" cy="20" r="10" fill="#f9d71c"/></svg>',
)}`;

export const sampleHero: HeroInfo = {
  version: 'a'.repeat(64),
  contentType: 'image/jpeg',
  byteSize: 412_000,
  phoneVersion: 'b'.repeat(64),
  phoneByteSize: 61_000,
  updatedAt: '2026-11-20T09:30:00.000Z',
  updatedBy: 'admin',
};

export const UPLOAD_REFUSED =
  'Only JPEG or PNG images can be uploaded: this file is neither (its content was checked, not its name).';

export interface FakeMediaOptions {
  /** The current image: none yet, one, the call fails, or never answers. */
  current?: 'none' | 'image' | 'fails' | 'pending';
  /** The upload: stored, refused by the server (400), or never answers. */
  upload?: 'works' | 'fails' | 'pending';
  onCall?(name: keyof MediaUpdateServices, args: unknown[]): void;
}

const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};
const never = () => new Promise<never>(() => {});

export function fakeMediaServices(options: FakeMediaOptions = {}): MediaUpdateServices {
  const note = (name: keyof MediaUpdateServices, ...args: unknown[]) => options.onCall?.(name, args);
  return {
    current: () => {
      note('current');
      switch (options.current ?? 'none') {
        case 'image':
          return Promise.resolve(sampleHero);
        case 'fails':
          return refuse({ status: 500, message: 'Server Issue. Please try again later!' });
        case 'pending':
          return never();
        default:
          return Promise.resolve(null);
      }
    },
    upload: (body) => {
      note('upload', body);
      if (options.upload === 'fails') return refuse({ status: 400, message: UPLOAD_REFUSED });
      if (options.upload === 'pending') return never();
      return Promise.resolve({
        message: 'The hero image was updated. The landing page shows it now.',
        hero: { ...sampleHero, version: 'c'.repeat(64), updatedAt: '2026-11-24T10:00:00.000Z' },
      });
    },
    // jsdom has no canvas: the "phone copy" is a small stand-in JPEG.
    phoneCopy: (file) => {
      note('phoneCopy', file);
      return Promise.resolve(new Blob([JPEG_START, new Uint8Array(64)], { type: 'image/jpeg' }));
    },
    imageUrl: () => PICTURE,
  };
}

const NO_OPTIONS: FakeMediaOptions = {};
const JPEG_START = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

/** A file as the picker hands it over: `bytes` decide what it is, `name` and `type` only claim. */
export function pickedFile(kind: 'jpeg' | 'png' | 'text' | 'too-large', name?: string): File {
  const starts = {
    jpeg: JPEG_START,
    png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    text: new TextEncoder().encode('Hello, this is a note, not a picture.'),
    'too-large': JPEG_START,
  }[kind];
  const filler = new Uint8Array(kind === 'too-large' ? 1024 * 1024 + 1 - starts.length : 256);
  const claimed = kind === 'png' || kind === 'text' ? 'image/png' : 'image/jpeg';
  return new File([starts, filler], name ?? `hero.${kind === 'png' || kind === 'text' ? 'png' : 'jpg'}`, {
    type: claimed,
  });
}

export function MediaUpdatePageWithFakes({ media = NO_OPTIONS }: { media?: FakeMediaOptions }) {
  const services = useMemo(() => fakeMediaServices(media), [media]);
  return (
    <MediaUpdateServicesContext.Provider value={services}>
      <MediaUpdatePage />
    </MediaUpdateServicesContext.Provider>
  );
}
