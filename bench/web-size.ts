/**
 * First-load weight of the public home page: the entry script, its modulepreloads and its stylesheets, as
 * listed in dist/web/index.html, each gzipped (level 9, as a server or CDN would send it). Lazy chunks (the staff
 * shell, the login dialog) are not counted: the home page does not fetch them until asked.
 *
 * Usage: npm run build && npx tsx bench/web-size.ts [--json]   (exit code 1 when over budget)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_KIB = { js: 150, css: 20 } as const;

const webRoot = path.resolve(import.meta.dirname, process.env.WEB_DIST ?? '../dist/web');

interface Asset {
  file: string;
  kind: 'js' | 'css';
  rawKiB: number;
  gzipKiB: number;
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The URLs index.html makes the browser load before anything is clicked. */
export function firstLoadUrls(html: string): { js: string[]; css: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of tags) {
    if (tag.startsWith('<script') && /type="module"/.test(tag)) {
      const src = attr(tag, 'src');
      if (src) js.add(src);
    } else if (tag.startsWith('<link')) {
      const rel = attr(tag, 'rel');
      const href = attr(tag, 'href');
      if (href && rel === 'modulepreload') js.add(href);
      if (href && rel === 'stylesheet') css.add(href);
    }
  }
  return { js: [...js], css: [...css] };
}

function measure(url: string, kind: Asset['kind']): Asset {
  const bytes = readFileSync(path.join(webRoot, url.replace(/^\//, '')));
  return { file: url, kind, rawKiB: kib(bytes.length), gzipKiB: kib(gzipSync(bytes, { level: 9 }).length) };
}

export function reportWebSize(): void {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const urls = firstLoadUrls(html);
  const assets = [...urls.js.map((u) => measure(u, 'js')), ...urls.css.map((u) => measure(u, 'css'))];
  const total = (kind: Asset['kind']) =>
    kib(assets.filter((a) => a.kind === kind).reduce((s, a) => s + a.gzipKiB * 1024, 0));
  const result = { assets, jsGzipKiB: total('js'), cssGzipKiB: total('css'), budgetKiB: BUDGET_KIB };
  const over = result.jsGzipKiB > BUDGET_KIB.js || result.cssGzipKiB > BUDGET_KIB.css;

  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...result, withinBudget: !over }, null, 2));
  } else {
    console.log('Home page first load (gzip -9):');
    for (const a of assets)
      console.log(
        `  ${a.kind.padEnd(3)} ${a.gzipKiB.toFixed(1).padStart(7)} KiB  (${a.rawKiB} KiB raw)  ${a.file}`,
      );
    console.log(`  JS  total ${result.jsGzipKiB.toFixed(1)} KiB (budget ${BUDGET_KIB.js} KiB)`);
    console.log(`  CSS total ${result.cssGzipKiB.toFixed(1)} KiB (budget ${BUDGET_KIB.css} KiB)`);
    console.log(over ? 'OVER BUDGET' : 'Within budget');
  }
  if (over) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) reportWebSize();
