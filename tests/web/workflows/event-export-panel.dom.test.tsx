import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FLOW_STEPS } from '../../../machines/application/statuses';
import { AppProviders } from '../../../src/web/app/providers';
import { NETWORK_ERROR_MESSAGE } from '../../../src/web/api/client';
import { XES_HEAD, XES_TAIL, XesTraces } from '../../../src/server/services/insights-events.format';
import { byteSize } from '../../../src/web/features/workflows/event-export/export-figures';
import {
  brokenOffMessage,
  type ExportEnv,
} from '../../../src/web/features/workflows/event-export/export-stream';
import {
  EventExportStory,
  csvExport,
  fakeExportEnv,
  type FakeExport,
} from '../../../stories/workflows/event-export-fakes';

// The panel driving a fake streamed Response: the request it makes, the numbers it shows while the body arrives,
// what Cancel does to the request and the file, the server's refusal, a download that breaks off, and both ways of
// saving (the save dialog's file, or a download of a Blob).

const LOG = csvExport(81);
const FILE = 'mrss-events-1701-2026-01-01-to-2026-12-31.csv';
const bytesOf = (text: string) => new TextEncoder().encode(text).length;
/** A size as Testing Library reads it: its whitespace (the no-break space) normalised to a space. */
const shownSize = (text: string) => byteSize(bytesOf(text)).replace(/\s/g, ' ');
const firstLines = (n: number) =>
  `${LOG.split('\r\n')
    .slice(0, n + 1)
    .join('\r\n')}\r\n`;

function renderPanel(env: ExportEnv) {
  render(
    <AppProviders>
      <EventExportStory env={env} />
    </AppProviders>,
  );
}

function setUp(fake: FakeExport, options?: Parameters<typeof fakeExportEnv>[1]) {
  const env = fakeExportEnv(fake, options);
  renderPanel(env);
  return env;
}

const download = async () =>
  userEvent.click(await screen.findByRole('button', { name: 'Download event log' }));
const saved = async (env: ReturnType<typeof fakeExportEnv>) => {
  await waitFor(() => expect(env.record.saved).toHaveLength(1));
  return env.record.saved[0];
};

describe('the event-log export panel', () => {
  it('asks for the filter with the session token and shows the events and bytes received so far', async () => {
    const env = setUp({ body: LOG, chunkBytes: 50, stallAfterBytes: bytesOf(firstLines(40)) });
    await download();
    const status = await screen.findByText(/^40 of 81 events/);
    expect(status).toHaveTextContent(`40 of 81 events (49 %), ${shownSize(firstLines(40))} received`);
    expect(screen.getByRole('progressbar', { name: 'Events received' })).toHaveAttribute(
      'aria-valuenow',
      '49',
    );
    expect(env.record.urls).toEqual([
      '/mrssapi/mrss/v-1/process/insights/events.csv?from=2026-01-01&to=2026-12-31&districtCode=1701',
    ]);
    expect(env.record.authorizations).toEqual(['Bearer story-token']);
    expect(screen.getByRole('button', { name: 'Download event log' })).toBeDisabled();
  });

  it('Cancel aborts the request, saves nothing and offers the download again', async () => {
    const env = setUp({ body: LOG, stallAfterBytes: bytesOf(firstLines(10)) });
    await download();
    await screen.findByText(/^10 of 81 events/);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Download cancelled')).toBeVisible();
    expect(env.record.aborts).toBe(1);
    expect(env.record.saved).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download event log' })).toBeEnabled();
  });

  it('leaving the page mid-download aborts it too', async () => {
    const env = fakeExportEnv({ body: LOG, stallAfterBytes: bytesOf(firstLines(10)) });
    const { unmount } = render(
      <AppProviders>
        <EventExportStory env={env} />
      </AppProviders>,
    );
    await download();
    await screen.findByText(/^10 of 81 events/);
    unmount();
    await waitFor(() => expect(env.record.aborts).toBe(1));
    expect(env.record.saved).toEqual([]);
  });

  it("shows the server's 403 message word for word, and Try again asks again", async () => {
    const message = 'You may only report on applications of your own jurisdiction.';
    const env = setUp({ refusal: { status: 403, message } });
    await download();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(env.record.urls).toHaveLength(2));
    expect(env.record.saved).toEqual([]);
  });

  it("shows a 400's message (bad filter) too", async () => {
    const message = 'to: the end date must not be before the start date.';
    setUp({ refusal: { status: 400, message } });
    await download();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says the connection failed when nothing answers', async () => {
    const env = fakeExportEnv({});
    renderPanel({ ...env, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await download();
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
  });

  it('without a save dialog, hands the whole log over as a download named after the area and period', async () => {
    const env = setUp({ body: LOG, chunkBytes: 333 });
    await download();
    expect(await screen.findByText('Event log saved')).toBeVisible();
    expect(await saved(env)).toEqual({ fileName: FILE, text: LOG, savedTo: 'download' });
    expect(screen.getByText(new RegExp(`^${FILE}: 81 events, ${shownSize(LOG)}, handed`))).toBeVisible();
  });

  it('with a save dialog, writes every chunk into the picked file', async () => {
    const env = setUp({ body: LOG, chunkBytes: 100 }, { picker: 'fake' });
    await download();
    expect(await screen.findByText(/written to the file you chose/)).toBeVisible();
    expect(await saved(env)).toEqual({ fileName: FILE, text: LOG, savedTo: 'file' });
  });

  it('a closed save dialog stops the export as cancelled, and the body is let go', async () => {
    const env = setUp(
      { body: LOG },
      { picker: () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')) },
    );
    await download();
    expect(await screen.findByText('Download cancelled')).toBeVisible();
    expect(env.record.saved).toEqual([]);
  });

  it('a save dialog refused for another reason falls back to the download', async () => {
    const env = setUp(
      { body: LOG },
      { picker: () => Promise.reject(new DOMException('Must be handling a user gesture.', 'SecurityError')) },
    );
    await download();
    expect((await saved(env)).savedTo).toBe('download');
  });

  it('a log that ends short of X-Total-Events broke off: it fails and nothing is saved', async () => {
    const env = setUp({ body: firstLines(30), total: 81 });
    await download();
    expect(await screen.findByRole('alert')).toHaveTextContent(brokenOffMessage(30, 81));
    expect(env.record.saved).toEqual([]);
  });

  it('without X-Total-Events, counts the events without a percentage', async () => {
    setUp({ body: LOG, total: null, stallAfterBytes: bytesOf(firstLines(12)) });
    await download();
    expect(await screen.findByText(/^12 events, .* received$/)).toBeVisible();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('an empty period says so', async () => {
    const env = setUp({ body: csvExport(0), total: 0 });
    await download();
    expect(await screen.findByText('No events in this period')).toBeVisible();
    expect((await saved(env)).text).toBe(csvExport(0));
  });

  it('XES: asks for events.xes, counts its events and names the file .xes', async () => {
    const traces = new XesTraces();
    const events = Array.from({ length: 25 }, (_, i) => ({
      eventId: i + 1,
      caseId: 10 + Math.floor(i / 5),
      activity: FLOW_STEPS[0],
      timestamp: '2026-03-01T10:00:00.000Z',
      status: 'LARP',
      resourceRole: 'LANDLORD',
      wardCode: 'PS1701001LA01W01',
      localityCode: 'PS1701001LA01',
      stationCode: 'PS1701001',
    }));
    const xes = XES_HEAD + traces.write(events) + traces.close() + XES_TAIL;
    const env = setUp({ body: xes, total: 25, chunkBytes: 61 });
    await userEvent.click(await screen.findByRole('radio', { name: /^XES/ }));
    await download();
    expect(await screen.findByText(/\.xes: 25 events/)).toBeVisible();
    expect(env.record.urls[0]).toMatch(/\/process\/insights\/events\.xes\?/);
    expect((await saved(env)).fileName).toBe('mrss-events-1701-2026-01-01-to-2026-12-31.xes');
  });

  it("names the file after the area the server answered for (a verifier's own district)", async () => {
    const env = fakeExportEnv({ body: LOG, serverName: 'mrss-events-1703-2026-01-01-2026-12-31.csv' });
    renderPanel(env);
    await download();
    expect((await saved(env)).fileName).toBe('mrss-events-1703-2026-01-01-to-2026-12-31.csv');
  });
});
