import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOTAL_EVENTS_HEADER } from '../../src/contract/insights.contract';
import { DESKTOP, PHONE, SCREENSHOT_DIR } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { checkScreen, openMenuEntry, settle, signInThroughDialog } from './e2e-helpers';

// The event-log export in Chromium (docs/event-export.md): the district verifier (usercode 1701) downloads its
// district's event log from the lifecycle's Live numbers view of /app/workflows. At desktop width the CSV goes through
// the File System Access path: the save dialog is replaced by one that hands out a file of the origin-private file
// system, so Chromium's real writable stream receives the chunks. On a 360 px phone the browser has no save dialog,
// and the XES log arrives as a download. Each saved file holds exactly X-Total-Events events, and the bar reached
// 100 %. Then a 65 MB log (made in the page as it is read, far more than the demo data) goes through both paths while
// the page's live memory is read through DevTools: it must not grow by anything near the log's size.

const e2e = setUpE2eSuite();
const FILE_NAME = /^mrss-events-1701-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.(csv|xes)$/;

/** A save dialog backed by the origin-private file system: what it writes can be read back from the page. */
function pickIntoPrivateFile(): void {
  const win = window as unknown as Record<string, unknown>;
  win.showSaveFilePicker = async ({ suggestedName }: { suggestedName: string }) => {
    win.__pickedName = suggestedName;
    const root = await navigator.storage.getDirectory();
    return root.getFileHandle('event-export-under-test', { create: true });
  };
}

/** A browser without the File System Access API (Firefox, Safari). */
function withoutSavePicker(): void {
  Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true });
}

/**
 * A server answer made in the page: a CSV log of `events` lines produced chunk by chunk as the panel reads (nothing of
 * it exists before it is read), with its X-Total-Events. It replaces only the export's call; the rest of the app
 * talks to the real server. Used to push a log far larger than the demo data through the panel.
 */
function synthesiseLargeCsv(events: number): void {
  const win = window as unknown as Record<string, unknown> & { fetch: typeof fetch };
  const realFetch = window.fetch.bind(window);
  win.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/process/insights/events.csv')) return realFetch(input, init);
    const encoder = new TextEncoder();
    let sent = 0;
    win.__syntheticBytes = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent >= events) return controller.close();
          const lines = Math.min(600, events - sent);
          let text =
            sent === 0
              ? 'event_id,case_id,activity,timestamp,lifecycle_status,resource_role,ward_code,locality_code,station_code\r\n'
              : '';
          for (let i = sent; i < sent + lines; i += 1) {
            text += `${1_000_000 + i},${500_000 + Math.floor(i / 4)},recommendedApproval,2026-03-01T10:00:00.000Z,LAVP,LOCALITY,PS1701001LA01W01,PS1701001LA01,PS1701001\r\n`;
          }
          sent += lines;
          const bytes = encoder.encode(text);
          win.__syntheticBytes = (win.__syntheticBytes as number) + bytes.length;
          controller.enqueue(bytes);
        },
      },
      { highWaterMark: 0 },
    );
    init?.signal?.addEventListener('abort', () => void body.cancel().catch(() => undefined));
    return Promise.resolve(
      new Response(body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'x-total-events': String(events),
          'content-disposition': 'attachment; filename="mrss-events-1701-2025-01-01-2025-12-31.csv"',
        },
      }),
    );
  };
}

/**
 * The page's live JavaScript memory (heap and array buffers, as Chromium's DevTools counts them) while `done` runs:
 * every 100 ms a garbage collection, then a reading, so what is counted is what the page still holds, not garbage
 * waiting for the collector. Returns the largest reading less the one before.
 */
async function peakMemoryGrowth(page: Page, done: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const usage = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    return heap.usedSize + heap.backingStorageSize;
  };
  const before = await usage();
  let peak = before;
  let finished = false;
  const waiting = done().finally(() => {
    finished = true;
  });
  while (!finished) {
    peak = Math.max(peak, await usage());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await waiting;
  await cdp.detach();
  return peak - before;
}

async function openExportPanel(page: Page) {
  await signInThroughDialog(page, 'verifier');
  await openMenuEntry(page, 'Workflows');
  await page.waitForURL('**/app/workflows**');
  const panel = page.getByRole('region', { name: 'Event log' });
  await panel.waitFor({ timeout: 20_000 });
  return panel;
}

const exportResponse = (page: Page, ext: string) =>
  page.waitForResponse((response: Response) => response.url().includes(`/process/insights/events.${ext}?`));

describe('Event-log export', () => {
  it("a verifier saves its district's CSV through the save dialog, chunk by chunk", async () => {
    await e2e.withPage(DESKTOP, async (page) => {
      await page.addInitScript(pickIntoPrivateFile);
      const panel = await openExportPanel(page);
      await checkScreen(page, 'event-export-desktop-idle');

      const answered = exportResponse(page, 'csv');
      await panel.getByRole('button', { name: 'Download event log' }).click();
      const response = await answered;
      expect(response.status()).toBe(200);
      const total = Number(response.headers()[TOTAL_EVENTS_HEADER]);
      expect(total).toBeGreaterThan(0);

      await panel.getByText('Event log saved').waitFor();
      expect(
        await panel.getByRole('progressbar', { name: 'Events received' }).getAttribute('aria-valuenow'),
      ).toBe('100');
      const saved = await page.evaluate(async () => {
        const root = await navigator.storage.getDirectory();
        const file = await (await root.getFileHandle('event-export-under-test')).getFile();
        return {
          name: (window as unknown as { __pickedName: string }).__pickedName,
          text: await file.text(),
        };
      });
      expect(saved.name).toMatch(FILE_NAME);
      const lines = saved.text.split('\r\n').filter((line) => line !== '');
      expect(lines).toHaveLength(total + 1);
      expect(lines[0]).toBe(
        'event_id,case_id,activity,timestamp,lifecycle_status,resource_role,ward_code,locality_code,station_code',
      );
      // The verifier's district only: every station code is one of 1701's.
      expect(lines.slice(1).every((line) => line.split(',')[8].startsWith('PS1701'))).toBe(true);
      await expect
        .poll(() => panel.getByRole('status').first().textContent())
        .toContain(`${saved.name}: ${total.toLocaleString('en-IN')} events`);
      await checkScreen(page, 'event-export-desktop-saved');
    });
  });

  it('on a 360 px phone without a save dialog, the XES log arrives as a download', async () => {
    await e2e.withPage(PHONE, async (page) => {
      await page.addInitScript(withoutSavePicker);
      const panel = await openExportPanel(page);
      await panel.getByRole('radio', { name: /^XES/ }).check();

      const answered = exportResponse(page, 'xes');
      const downloaded = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Download event log' }).click();
      const total = Number((await answered).headers()[TOTAL_EVENTS_HEADER]);
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(FILE_NAME);
      expect(download.suggestedFilename()).toMatch(/\.xes$/);
      const xes = await readFile(await download.path(), 'utf8');
      expect(xes.match(/<event>/g) ?? []).toHaveLength(total);
      expect(xes.trimEnd().endsWith('</log>')).toBe(true);

      await panel.getByText('Event log saved').waitFor();
      expect(
        await panel.getByRole('progressbar', { name: 'Events received' }).getAttribute('aria-valuenow'),
      ).toBe('100');
      await panel.scrollIntoViewIfNeeded();
      await checkScreen(page, 'event-export-phone-saved');
    });
  });

  it('a 64 MB log passes through the page without piling up in its memory, with and without the save dialog', async () => {
    const EVENTS = 560_000;
    for (const savePath of ['file', 'download'] as const) {
      await e2e.withPage(DESKTOP, async (page) => {
        await page.addInitScript(savePath === 'file' ? pickIntoPrivateFile : withoutSavePicker);
        await page.addInitScript(synthesiseLargeCsv, EVENTS);
        const panel = await openExportPanel(page);
        // The live numbers, their lazy charts and fonts first: the baseline is the page at rest.
        await page.waitForLoadState('networkidle');
        await settle(page);
        const downloaded = savePath === 'download' ? page.waitForEvent('download') : null;
        const started = Date.now();
        const growth = await peakMemoryGrowth(page, async () => {
          await panel.getByRole('button', { name: 'Download event log' }).click();
          if (savePath === 'file') {
            // Midway (the save dialog's path takes seconds): the share, the counts and Cancel are on screen.
            await panel
              .getByText(/^[\d,]+ of 5,60,000 events \([1-9]\d? %\), [\d.]+\s(kB|MB) received$/)
              .waitFor();
            await panel.getByRole('button', { name: 'Cancel' }).waitFor();
            if (SCREENSHOT_DIR)
              await page.screenshot({ path: join(SCREENSHOT_DIR, 'event-export-desktop-exporting.png') });
          }
          await panel.getByText('Event log saved').waitFor({ timeout: 120_000 });
        });
        const seconds = (Date.now() - started) / 1000;
        const bytes = await page.evaluate(
          () => (window as unknown as { __syntheticBytes: number }).__syntheticBytes,
        );
        const savedSize =
          savePath === 'file'
            ? await page.evaluate(async () => {
                const root = await navigator.storage.getDirectory();
                return (await (await root.getFileHandle('event-export-under-test')).getFile()).size;
              })
            : (await stat(await (await downloaded!).path())).size;
        console.log(
          `event export ${savePath}: ${EVENTS} events, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; ` +
            `page's live memory peak growth ${(growth / 1e6).toFixed(1)} MB`,
        );
        expect(bytes).toBeGreaterThan(60e6);
        expect(savedSize).toBe(bytes);
        expect(
          await panel.getByRole('progressbar', { name: 'Events received' }).getAttribute('aria-valuenow'),
        ).toBe('100');
        // Holding the log would add its 64 MB; one chunk in flight and the garbage of a few are what remain.
        expect(growth).toBeLessThan(bytes / 4);
      });
    }
  });
});
