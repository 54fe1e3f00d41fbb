import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ReportRow } from '../src/contract/reports.contract';
import { indianDate } from '../src/server/services/domestic-helpers';
import { reportPage } from '../src/server/services/report.service';
import { DESKTOP, launchChromium, newContext, startE2eServer } from '../tests/support/e2e-server';
import { openBenchDatabase } from './applications-bench.setup';
import { benchDatabaseUrl } from './bench-kit';

// The report's PDF as the browser makes it (docs/reports.md, "The PDF"): the rows of a year of the busiest district
// at a million applications (read from the scale seed), handed to the built report-pdf worker in Debian's
// Chromium, in pages of 1000 rows as the export sends them. Measures the worker's time, the PDF's size, and the longest stall of the page's own thread meanwhile
// (a 10 ms timer: a frozen page would show the whole build as one stall).
//   npm run build && npx tsx bench/report-pdf-browser.bench.ts [--url=postgres://...]

const repoRoot = path.resolve(import.meta.dirname, '..');

async function yearOfBusiestDistrict(): Promise<ReportRow[]> {
  const { handle } = await openBenchDatabase(benchDatabaseUrl(), {
    reseed: false,
    applications: 1_000_000,
    poolSize: 2,
  });
  try {
    const endDate = indianDate(new Date());
    const startDate = indianDate(new Date(Date.now() - 364 * 86_400_000));
    const [{ district }] = (
      (await handle.db.execute(sql`select district_code as district from applications
        where completed_at >= ${startDate}::date and deleted_at is null group by 1 order by count(*) desc, 1 limit 1`)) as {
        rows: { district: string }[];
      }
    ).rows;
    const rows: ReportRow[] = [];
    for (let page = 0; ; page++) {
      const part = await reportPage(handle.db, {
        scope: { level: 'district', code: district },
        status: 'PLVP',
        startDate,
        endDate,
        page,
        size: 1000,
      });
      rows.push(...part.applDto);
      if (part.iscurrentPageLast) return rows;
    }
  } finally {
    await handle.close();
  }
}

async function main() {
  const worker = readdirSync(path.join(repoRoot, 'dist/web/assets')).find((f) =>
    f.startsWith('report-pdf.worker'),
  );
  if (!worker) throw new Error('No report-pdf worker in dist/web/assets: run `npm run build` first.');
  const rows = await yearOfBusiestDistrict();
  const server = await startE2eServer();
  const browser = await launchChromium();
  try {
    const context = await newContext(browser, server.baseUrl, DESKTOP);
    const page = await context.newPage();
    await page.goto('/');
    for (let run = 1; run <= 3; run++) {
      const result = await page.evaluate(
        async ([url, input]) => {
          let last = performance.now();
          let longest = 0;
          const timer = setInterval(() => {
            const now = performance.now();
            longest = Math.max(longest, now - last);
            last = now;
          }, 10);
          const started = performance.now();
          const bytes = await new Promise<number>((resolve, reject) => {
            const w = new Worker(url, { type: 'module' });
            w.onmessage = (e: MessageEvent<{ pdf?: ArrayBuffer; error?: string }>) => {
              w.terminate();
              if (e.data.pdf) resolve(e.data.pdf.byteLength);
              else reject(new Error(e.data.error));
            };
            // As the export sends them: the heading, each page of 1000 rows, then 'finish'.
            w.postMessage({ type: 'start', heading: { title: input.title, subtitle: input.subtitle } });
            for (let at = 0; at < input.rows.length; at += 1000) {
              w.postMessage({ type: 'rows', rows: input.rows.slice(at, at + 1000) });
            }
            w.postMessage({ type: 'finish' });
          });
          clearInterval(timer);
          return { ms: performance.now() - started, bytes, longestStallMs: longest };
        },
        [
          `/assets/${worker}`,
          { title: 'Application Report: Approved by Localities', subtitle: `${rows.length} rows`, rows },
        ] as const,
      );
      console.log(
        `run ${run}: ${rows.length.toLocaleString('en-US')} rows, PDF built in the worker in ${(result.ms / 1000).toFixed(1)} s, ` +
          `${(result.bytes / 1e6).toFixed(2)} MB; longest stall of the page's thread ${result.longestStallMs.toFixed(0)} ms`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
