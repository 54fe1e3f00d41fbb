import { assign, fromCallback, setup } from 'xstate';
import {
  NO_PROGRESS,
  type ExportRequest,
  type InsightsExportContext,
  type InsightsExportEvent,
} from './insights-export.types';

/**
 * The event-log export (docs/event-export.md): a format is chosen, "Download event log" streams the log into a
 * file while the counted events and bytes are shown, and the download ends saved, empty, failed or cancelled;
 * from any of those it can start again. The streaming itself is an actor the browser wiring provides: it sends
 * `export.progress` as chunks arrive and one `export.finished` or `export.failed`, and stops (aborting the
 * request and the file) when the machine leaves `exporting`.
 */

const notProvided = () => {
  throw new Error('streamExport is not provided: use insightsExportMachine.provide()');
};

export const insightsExportMachine = setup({
  types: { context: {} as InsightsExportContext, events: {} as InsightsExportEvent },
  actors: {
    streamExport: fromCallback<InsightsExportEvent, ExportRequest>(notProvided),
  },
  guards: {
    noEvents: ({ event }) => event.type === 'export.finished' && event.result.events === 0,
  },
}).createMachine({
  id: 'insightsExport',
  context: { format: 'csv', request: null, progress: NO_PROGRESS, result: null, error: null },
  initial: 'ready',
  states: {
    // Nothing is downloading: the format can be changed and a download started (again).
    ready: {
      initial: 'idle',
      on: {
        'format.change': { actions: assign({ format: ({ event }) => event.format }) },
        'export.start': {
          target: 'exporting',
          actions: assign({
            request: ({ context, event }) => ({ format: context.format, filter: event.filter }),
            progress: NO_PROGRESS,
            result: null,
            error: null,
          }),
        },
      },
      states: {
        // No download yet.
        idle: {},
        // The whole log was saved; its name, events and size are shown.
        done: {},
        // The server sent a whole log with no event in it: the period and area have no flow entry.
        empty: {},
        // The server refused (its message is shown) or the download broke off; the same button tries again.
        failed: {},
        // The person stopped the download (or closed the file picker); nothing was kept.
        cancelled: {},
      },
    },
    // The log is streaming into the file; the counter and the byte count move, Cancel stops it.
    exporting: {
      invoke: {
        id: 'streamExport',
        src: 'streamExport',
        input: ({ context }) => context.request!,
      },
      on: {
        'export.progress': { actions: assign({ progress: ({ event }) => event.progress }) },
        'export.finished': [
          {
            guard: 'noEvents',
            target: 'ready.empty',
            actions: assign({ result: ({ event }) => event.result }),
          },
          { target: 'ready.done', actions: assign({ result: ({ event }) => event.result }) },
        ],
        'export.failed': { target: 'ready.failed', actions: assign({ error: ({ event }) => event.message }) },
        'export.cancel': 'ready.cancelled',
      },
    },
  },
});
