import { readFile } from 'node:fs/promises';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOTAL_EVENTS_HEADER } from '../../src/contract/insights.contract';
import { DESKTOP, PHONE } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { checkScreen, openMenuEntry, signInThroughDialog } from './e2e-helpers';

// The event-log export in Chromium (docs/event-export.md): the district verifier (usercode 1701) downloads its
// district's event log from the lifecycle's Live numbers view of /app/workflows. At desktop width the CSV goes through
// the File System Access path: the save dialog is replaced by one that hands out a file of the origin-private file
// system, so Chromium's real writable stream receives the chunks. On a 360 px phone the browser has no save dialog,
// and the XES log arrives as a download. Each saved file holds exactly X-Total-Events events, and the bar reached
// 100 %.

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
});
