import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOr } from '../../../../machines/access/failures';
import { SERVER_ISSUE_MESSAGE } from '../../api/client';
import { asDataUrl, checkChosenImage } from './image-check';
import type { CurrentHero, UploadStep } from './hero-upload-state';
import { canUpload } from './hero-upload-state';
import { useMediaUpdateServices } from './media-update-api';

/** The Update Image card's data: the current image, the step of an upload, and the two things a person does. */
export function useHeroUpload() {
  const services = useMediaUpdateServices();
  const [current, setCurrent] = useState<CurrentHero>({ status: 'loading' });
  const [step, setStep] = useState<UploadStep>({ kind: 'empty' });
  // Only the last choice counts: a slow check of an earlier file must not overwrite a later one.
  const lastChoice = useRef(0);

  useEffect(() => {
    let live = true;
    services.current().then(
      (hero) => live && setCurrent({ status: 'loaded', hero }),
      (error: unknown) =>
        live &&
        setCurrent({ status: 'failed', message: messageOr(error, 'The current image could not be loaded.') }),
    );
    return () => {
      live = false;
    };
  }, [services]);

  const choose = useCallback(
    async (file: File | null) => {
      const choice = ++lastChoice.current;
      if (!file) return setStep({ kind: 'empty' });
      setStep({ kind: 'preparing', name: file.name });
      const settle = (next: UploadStep) => choice === lastChoice.current && setStep(next);
      const check = await checkChosenImage(file);
      if (!check.ok) return settle({ kind: 'refused', name: file.name, message: check.message });
      try {
        const [image, phoneImage] = await Promise.all([
          asDataUrl(file),
          services.phoneCopy(file).then(asDataUrl),
        ]);
        settle({
          kind: 'chosen',
          chosen: { name: file.name, type: check.type, size: file.size, image, phoneImage },
        });
      } catch (error) {
        settle({
          kind: 'refused',
          name: file.name,
          message: messageOr(error, 'The image could not be read.'),
        });
      }
    },
    [services],
  );

  /** True when the image was stored. */
  const upload = useCallback(async (): Promise<boolean> => {
    if (!canUpload(step)) return false;
    const { chosen } = step;
    setStep({ kind: 'uploading', chosen });
    try {
      const reply = await services.upload({ image: chosen.image, phoneImage: chosen.phoneImage });
      setCurrent({ status: 'loaded', hero: reply.hero });
      setStep({ kind: 'done', message: reply.message });
      return true;
    } catch (error) {
      setStep({ kind: 'failed', chosen, message: messageOr(error, SERVER_ISSUE_MESSAGE) });
      return false;
    }
  }, [services, step]);

  return { current, step, choose, upload };
}
