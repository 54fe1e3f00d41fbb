import { assign, fromPromise, setup } from 'xstate';
import { messageOr } from '../access/failures';
import {
  REPORT_MESSAGES,
  type ExportReportInput,
  type LoadReportInput,
  type ReportContext,
  type ReportEvent,
  type ReportResult,
} from './report.types';
import { notProvided as notProvidedBy } from '../not-provided';

/**
 * The Application Report screen (backoffice.md section 2; docs/reports.md): the filters are edited, SUBMIT loads
 * the first page, the result is shown or said to be empty, its pages are turned, and the whole result is
 * exported as a PDF. Server calls are actors the browser wiring provides.
 */

const notProvided = notProvidedBy('reportMachine');

const loadInput = ({ context }: { context: ReportContext }): LoadReportInput => ({
  query: context.query!,
  page: context.page,
});

export const reportMachine = setup({
  types: { context: {} as ReportContext, events: {} as ReportEvent },
  actors: {
    loadReport: fromPromise<ReportResult, LoadReportInput>(notProvided('loadReport')),
    exportReport: fromPromise<void, ExportReportInput>(notProvided('exportReport')),
  },
  guards: {
    emptyResult: ({ event }) => (event as { output?: ReportResult }).output?.totalElements === 0,
    otherPage: ({ context, event }) =>
      event.type === 'report.page' &&
      Number.isInteger(event.page) &&
      event.page >= 0 &&
      event.page < (context.result?.totalPages ?? 0) &&
      event.page !== context.result?.pageNumber,
  },
  actions: {
    takeQuery: assign(({ event }) =>
      event.type === 'report.submit' ? { query: event.query, page: 0, notice: null } : {},
    ),
    takePage: assign(({ event }) => (event.type === 'report.page' ? { page: event.page, notice: null } : {})),
  },
}).createMachine({
  id: 'report',
  context: { query: null, page: 0, result: null, notice: null },
  initial: 'editing',
  on: {
    'report.submit': { target: '.loading', actions: 'takeQuery' },
  },
  states: {
    // Nothing asked yet: the filters are being filled in.
    editing: {},
    // A page of the report is on its way; the previous result stays on screen meanwhile.
    loading: {
      invoke: {
        id: 'loadReport',
        src: 'loadReport',
        input: loadInput,
        onDone: [
          {
            guard: 'emptyResult',
            target: 'empty',
            actions: assign({
              result: ({ event }) => event.output,
              notice: { kind: 'info', code: 'report.noneFound', text: REPORT_MESSAGES.noneFound },
            }),
          },
          {
            target: 'results',
            actions: assign({
              result: ({ event }) => event.output,
              notice: ({ event }) => ({
                kind: 'success',
                code: 'report.found',
                text: REPORT_MESSAGES.found(event.output.totalElements),
              }),
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            result: null,
            notice: ({ event }) => ({
              kind: 'error',
              code: 'report.failed',
              text: messageOr(event.error, REPORT_MESSAGES.failed),
            }),
          }),
        },
      },
    },
    // Rows to show: pages can be turned and the whole result exported.
    results: {
      on: {
        'report.page': { guard: 'otherPage', target: 'loading', actions: 'takePage' },
        'report.export': 'exporting',
      },
    },
    // The query matched nothing: 'No Applications Found' in the table.
    empty: {},
    // The server refused or did not answer; SUBMIT tries again.
    failed: {},
    // Every row is being fetched and drawn into the PDF; the page stays usable, the button waits.
    exporting: {
      on: { 'report.submit': {} },
      invoke: {
        id: 'exportReport',
        src: 'exportReport',
        input: ({ context }) => ({ query: context.query!, total: context.result?.totalElements ?? 0 }),
        onDone: {
          target: 'results',
          actions: assign({
            notice: ({ context }) => ({
              kind: 'success',
              code: 'report.exported',
              text: REPORT_MESSAGES.exported(context.result?.totalElements ?? 0),
            }),
          }),
        },
        onError: {
          target: 'results',
          actions: assign({
            notice: ({ event }) => ({
              kind: 'error',
              code: 'report.exportFailed',
              text: messageOr(event.error, REPORT_MESSAGES.exportFailed),
            }),
          }),
        },
      },
    },
  },
});
