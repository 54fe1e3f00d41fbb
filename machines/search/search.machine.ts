import { assign, fromPromise, setup } from 'xstate';
import { messageOr, SERVER_FALLBACK_MESSAGE, type Notice } from '../access/failures';
import { notProvided as notProvidedBy } from '../not-provided';

/**
 * The officials' search of tenants and landlords (backoffice.md; docs/search.md): the top bar's Search dialog
 * (find only) and the Search Tenants & Landlords page at /app/update-tenant, which also edits and deletes tenants
 * (input `manages: true`). The server calls are actors the browser wiring provides.
 */

export type SearchEntity = 'tenant' | 'landlord';

/** The server's rule (search.contract.ts): 2 to 100 characters after trimming. */
export const SEARCH_TEXT_MIN = 2;

/** A row of the results, as the machine needs it (the contract's person search result fits). */
export interface SearchPerson {
  id: number;
  epicNo: string;
}

export interface SearchRequest {
  name: string;
  entity: SearchEntity;
}

export interface SearchContext<P extends SearchPerson = SearchPerson> {
  manages: boolean;
  text: string;
  entity: SearchEntity;
  /** The entity of the results shown (the radio may have moved since). */
  shownEntity: SearchEntity;
  /** The request last sent, repeated after an edit so the change shows. */
  lastRequest: SearchRequest | null;
  results: P[];
  /** The tenant a Delete or Edit is about. */
  target: P | null;
  notice: Notice | null;
}

export type SearchEvent =
  | { type: 'text.change'; value: string }
  | { type: 'entity.change'; entity: SearchEntity }
  | { type: 'search' }
  | { type: 'reset' }
  | { type: 'tenant.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'tenant.edit'; id: number }
  | { type: 'edit.close' };

export interface SearchInput {
  /** True on the update-tenant page: tenant rows offer Edit and Delete. */
  manages: boolean;
}

const cleared = {
  text: '',
  entity: 'tenant',
  shownEntity: 'tenant',
  lastRequest: null,
  results: [],
  target: null,
  notice: null,
} as const satisfies Omit<SearchContext, 'manages'>;

/** The server's own words for a failed call. */
const failed = (error: unknown): Notice => ({
  kind: 'error',
  code: 'search.serverFailed',
  text: messageOr(error, SERVER_FALLBACK_MESSAGE),
});

const notProvided = notProvidedBy('searchMachine');

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  actors: {
    searchPeople: fromPromise<SearchPerson[], SearchRequest>(notProvided('searchPeople')),
    deleteTenant: fromPromise<{ message: string }, { id: number }>(notProvided('deleteTenant')),
  },
  guards: {
    textLongEnough: ({ context }) => context.text.trim().length >= SEARCH_TEXT_MIN,
    /** Edit and Delete: on the page only, and for a tenant row of the results. */
    tenantRow: ({ context, event }) =>
      context.manages &&
      context.shownEntity === 'tenant' &&
      'id' in event &&
      context.results.some((row) => row.id === event.id),
    foundNone: ({ event }) => 'output' in event && Array.isArray(event.output) && event.output.length === 0,
    /** The row deleted was the last of the table: the empty message follows. */
    deletedLast: ({ context }) => context.results.every((row) => row.id === context.target?.id),
  },
  actions: {
    setText: assign(({ event }) => (event.type === 'text.change' ? { text: event.value } : {})),
    setEntity: assign(({ event }) => (event.type === 'entity.change' ? { entity: event.entity } : {})),
    clearAll: assign(cleared),
    keepTarget: assign(({ context, event }) =>
      'id' in event
        ? { target: context.results.find((row) => row.id === event.id) ?? null, notice: null }
        : {},
    ),
    dropTarget: assign({ target: null }),
    /** What Search sends; closing an edit sends it again (the form may have changed meanwhile). */
    takeRequest: assign(({ context }) => ({
      lastRequest: { name: context.text.trim(), entity: context.entity },
    })),
    dropDeleted: assign(({ context, event }) => ({
      results: context.results.filter((row) => row.id !== context.target?.id),
      target: null,
      notice: {
        kind: 'success',
        code: 'search.tenantDeleted',
        text: 'output' in event ? (event.output as { message: string }).message : '',
      } satisfies Notice,
    })),
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({ manages: input.manages, ...cleared, results: [] }),
  initial: 'idle',
  on: {
    'text.change': { actions: 'setText' },
    'entity.change': { actions: 'setEntity' },
    reset: { target: '.idle', actions: 'clearAll' },
  },
  states: {
    // Nothing searched yet (or Reset): Search waits for 2 characters.
    idle: {
      on: { search: { guard: 'textLongEnough', target: 'searching', actions: 'takeRequest' } },
    },
    // The request is out; the form stays as typed.
    searching: {
      tags: ['busy'],
      entry: assign({ notice: null }),
      invoke: {
        id: 'searchPeople',
        src: 'searchPeople',
        input: ({ context }) => context.lastRequest as SearchRequest,
        onDone: [
          {
            guard: 'foundNone',
            target: 'empty',
            actions: assign(({ context }) => ({ results: [], shownEntity: context.entity })),
          },
          {
            target: 'results',
            actions: assign(({ context, event }) => ({ results: event.output, shownEntity: context.entity })),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ results: [], notice: failed(event.error) })),
        },
      },
    },
    // The table of people found; on the page a tenant row offers Edit and Delete.
    results: {
      on: {
        search: { guard: 'textLongEnough', target: 'searching', actions: 'takeRequest' },
        'tenant.delete': { guard: 'tenantRow', target: 'confirmingDelete', actions: 'keepTarget' },
        'tenant.edit': { guard: 'tenantRow', target: 'editing', actions: 'keepTarget' },
      },
    },
    // 'No {entity} found.'
    empty: {
      on: { search: { guard: 'textLongEnough', target: 'searching', actions: 'takeRequest' } },
    },
    // The search failed: the server's message is shown; Search tries again.
    failed: {
      on: { search: { guard: 'textLongEnough', target: 'searching', actions: 'takeRequest' } },
    },
    // The spec's warning waits for an answer.
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'results', actions: 'dropTarget' },
      },
    },
    // The tenant and everything hanging from it are being deleted; the server's message follows either way.
    // Reset waits for the answer (the delete cannot be called back).
    deleting: {
      tags: ['busy'],
      on: { reset: { actions: [] } },
      invoke: {
        id: 'deleteTenant',
        src: 'deleteTenant',
        input: ({ context }) => ({ id: (context.target as SearchPerson).id }),
        onDone: [
          { guard: 'deletedLast', target: 'empty', actions: 'dropDeleted' },
          { target: 'results', actions: 'dropDeleted' },
        ],
        onError: {
          target: 'results',
          actions: assign(({ event }) => ({ target: null, notice: failed(event.error) })),
        },
      },
    },
    // 'Edit Tenant Details' is open over the page; closing it searches again so the change shows.
    editing: {
      on: { 'edit.close': { target: 'searching', actions: 'dropTarget' } },
    },
  },
});

export type SearchMachine = typeof searchMachine;
