import type { HeroInfo } from '../../../contract/site-media.contract';
import type { HeroImageType } from './image-check';

/** A picture ready to upload: the file as chosen and the copy phones get, both as data URLs (previews and body). */
export interface ChosenImage {
  name: string;
  type: HeroImageType;
  size: number;
  image: string;
  phoneImage: string;
}

/**
 * The steps of the Update Image card. `empty`: nothing chosen; `preparing`: the file is being checked and its
 * phone copy drawn; `refused`: the browser's check failed (nothing is sent); `chosen`: preview shown, Upload
 * enabled; `uploading`; `failed`: the server refused or did not answer (the choice is kept, to try again);
 * `done`: the landing page shows the new image.
 */
export type UploadStep =
  | { kind: 'empty' }
  | { kind: 'preparing'; name: string }
  | { kind: 'refused'; name: string; message: string }
  | { kind: 'chosen'; chosen: ChosenImage }
  | { kind: 'uploading'; chosen: ChosenImage }
  | { kind: 'failed'; chosen: ChosenImage; message: string }
  | { kind: 'done'; message: string };

/** The image the landing page shows now, as far as the card knows. */
export type CurrentHero =
  { status: 'loading' } | { status: 'loaded'; hero: HeroInfo | null } | { status: 'failed'; message: string };

/** Upload is offered only with a checked choice that is not on its way already. */
export const canUpload = (step: UploadStep): step is Extract<UploadStep, { chosen: ChosenImage }> =>
  step.kind === 'chosen' || step.kind === 'failed';
