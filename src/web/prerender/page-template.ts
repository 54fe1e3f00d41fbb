import { ENTRY_ATTRIBUTE, PRELOAD_ATTRIBUTE } from './boot-protocol';

/**
 * The app's entry script and its modulepreload links, which the browser fetches while it parses the page, are
 * replaced by the loader, which carries their URLs and adds them after the first paint. Otherwise the first paint
 * of a fast load comes after the ~120 KiB of script has arrived and run, and Lighthouse's simulation of a slow
 * phone counts their download before the first paint (LCP 2 s instead of 1 s; docs/measurements.md, issue 9).
 */
export function startAppAfterFirstPaint(html: string, bootFile: string): string {
  const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  if (entries.length !== 1)
    throw new Error(`index.html should have one module script, found ${entries.length}`);
  const preloads: string[] = [];
  const withoutPreloads = html.replace(
    /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
    (_tag, href) => {
      preloads.push(href as string);
      return '';
    },
  );
  const loader =
    `<script type="module" crossorigin src="${bootFile}" ${ENTRY_ATTRIBUTE}="${entries[0][1]}"` +
    ` ${PRELOAD_ATTRIBUTE}="${preloads.join(' ')}"></script>`;
  const result = withoutPreloads.replace(entries[0][0], () => loader);
  if (/<link rel="modulepreload"/.test(result))
    throw new Error('index.html has a modulepreload link of another form');
  return result;
}
