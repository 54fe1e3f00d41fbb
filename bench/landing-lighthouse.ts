/**
 * Lighthouse on the landing page, as issue 9 measures it: Lighthouse 12, mobile form factor, default simulated
 * throttling (slow 4G, 4x CPU), several runs against the real server serving a build.
 *
 * The server is the product's (buildApp + prepareDatabase, as src/server/main.ts starts it) on a throwaway
 * embedded database, serving the web build from `--web` (default dist/web). Pass a copy of dist/web so that
 * the runs do not hold the e2e lock (others rebuild dist/web): `cp -r dist/web /tmp/web && ... --web /tmp/web`.
 *
 * Usage: npx tsx bench/landing-lighthouse.ts [--runs 5] [--path /] [--web dist/web] [--hero <dir>] [--json]
 * `--hero <dir>` stores <dir>/hero.jpg and <dir>/hero-phone.jpg as the landing page's hero image first (as the
 * Update Image card would; `bench/hero-weight.ts --save <dir>` writes such a pair).
 * Lighthouse is not a dependency of the project: install it once with `npm i --prefix /tmp/lh lighthouse@12`
 * (or point LIGHTHOUSE_BIN at its CLI). Chromium: CHROME_PATH, default /usr/bin/chromium.
 * Each run also records the load average: the machine is shared, and simulated throttling replays the observed
 * trace, so a busy CPU moves the numbers.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

interface LighthouseRun {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  lcpElement: string;
  /** LCP breakdown from the trace (lcp-breakdown-insight / largest-contentful-paint-element). */
  lcpPhases: Record<string, number>;
  renderBlocking: string[];
  /** Bytes transferred by type, as Lighthouse's network records saw them. */
  transfer: { script: number; stylesheet: number; document: number; image: number; total: number };
  load1: number;
}

type Audit = {
  numericValue?: number;
  details?: { items?: unknown[] };
};

function summarise(report: {
  categories: { performance: { score: number } };
  audits: Record<string, Audit>;
}): Omit<LighthouseRun, 'load1'> {
  const a = report.audits;
  const num = (id: string) => Math.round(a[id]?.numericValue ?? NaN);
  const lcpAudit = a['largest-contentful-paint-element']?.details?.items ?? [];
  let lcpElement = '';
  const lcpPhases: Record<string, number> = {};
  for (const block of lcpAudit as { type?: string; items?: Record<string, unknown>[] }[]) {
    for (const item of block.items ?? []) {
      const node = item.node as { snippet?: string; nodeLabel?: string } | undefined;
      if (node) lcpElement = `${node.nodeLabel ?? ''} ${node.snippet ?? ''}`.trim();
      if (typeof item.phase === 'string' && typeof item.timing === 'number')
        lcpPhases[item.phase] = Math.round(item.timing);
    }
  }
  const blocking = (a['render-blocking-resources']?.details?.items ?? []) as { url: string }[];
  const resources = (a['resource-summary']?.details?.items ?? []) as {
    resourceType: string;
    transferSize: number;
  }[];
  const size = (type: string) => resources.find((r) => r.resourceType === type)?.transferSize ?? 0;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: Math.round((a['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
    siMs: num('speed-index'),
    lcpElement,
    lcpPhases,
    renderBlocking: blocking.map((b) => b.url),
    transfer: {
      script: size('script'),
      stylesheet: size('stylesheet'),
      document: size('document'),
      image: size('image'),
      total: size('total'),
    },
  };
}

async function main(): Promise<void> {
  const runs = Number(arg('runs', '5'));
  const pagePath = arg('path', '/');
  const webRoot = path.resolve(arg('web', 'dist/web'));
  const lighthouse = process.env.LIGHTHOUSE_BIN ?? '/tmp/lh/node_modules/.bin/lighthouse';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mrss-lh-'));
  process.env.DATA_DIR = dataDir;
  process.env.MRSS_SEED_DEMO = 'false';
  process.env.LOG_LEVEL = 'warn';
  process.env.PORT = '0';
  const { loadConfig } = await import('../src/server/config');
  const { prepareDatabase } = await import('../src/server/bootstrap');
  const { buildApp } = await import('../src/server/app');
  const config = loadConfig();
  const { handle } = await prepareDatabase(config);
  const heroDir = arg('hero', '');
  if (heroDir) {
    const { checkHeroUpload, storeHero } = await import('../src/server/services/site-media.service');
    const read = (name: string) => readFileSync(path.join(heroDir, name)).toString('base64');
    const images = await checkHeroUpload({ image: read('hero.jpg'), phoneImage: read('hero-phone.jpg') });
    await storeHero(handle.db, images, { ip: null, url: 'bench', username: 'bench' });
  }
  const app = await buildApp({ db: handle.db, config, webRoot });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const url = `http://localhost:${port}${pagePath}`;
  const results: LighthouseRun[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const out = path.join(dataDir, `lh-${i}.json`);
      const load1 = loadavg()[0];
      await run(
        lighthouse,
        [
          url,
          '--quiet',
          '--only-categories=performance',
          '--output=json',
          `--output-path=${out}`,
          '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        ],
        { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
      );
      const r = { ...summarise(JSON.parse(readFileSync(out, 'utf8'))), load1: Math.round(load1 * 100) / 100 };
      results.push(r);
      if (!process.argv.includes('--json'))
        console.log(
          `run ${i + 1}: perf ${r.performance}, FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, ` +
            `CLS ${r.cls}, SI ${r.siMs} ms; JS ${(r.transfer.script / 1024).toFixed(1)} KiB, ` +
            `CSS ${(r.transfer.stylesheet / 1024).toFixed(1)} KiB, HTML ${(r.transfer.document / 1024).toFixed(1)} KiB, ` +
            `images ${(r.transfer.image / 1024).toFixed(1)} KiB, total ${(r.transfer.total / 1024).toFixed(1)} KiB; ` +
            `load ${r.load1}; LCP element ${r.lcpElement.slice(0, 90)} ${JSON.stringify(r.lcpPhases)}` +
            (r.renderBlocking.length ? `; render-blocking ${r.renderBlocking.join(', ')}` : ''),
        );
    }
  } finally {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify({ url, results }, null, 2));
}

await main();
