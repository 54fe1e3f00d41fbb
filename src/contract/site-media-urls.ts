import { API_BASE } from './api-base';

/**
 * The public images of the site (docs/media.md). Kept free of zod, like api-base.ts, because the landing page's
 * first load imports it. 'hero' is the landing page's hero image as the ADMIN uploaded it (wide screens);
 * 'hero-phone' the smaller copy the browser made from it at upload time (phones).
 */
export const SITE_MEDIA_NAMES = ['hero', 'hero-phone'] as const;
export type SiteMediaName = (typeof SITE_MEDIA_NAMES)[number];

/** Largest upload the Update Image card accepts: 1 MB (1,048,576 bytes). */
export const MAX_HERO_BYTES = 1024 * 1024;

/** The phone copy: at most this wide and high (pixels), and at most this many bytes. */
export const PHONE_HERO_MAX_SIDE = 800;
export const MAX_PHONE_HERO_BYTES = 200 * 1024;

/**
 * The image's public address. Without a version it is revalidated on every use (the prerendered landing page
 * cannot know the version); with the current version (`?v=` its SHA-256) it may be cached for a year.
 */
export function siteMediaUrl(name: SiteMediaName, version?: string): string {
  const base = `${API_BASE}/media/${name}`;
  return version ? `${base}?v=${version}` : base;
}
