import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel, getStateNodes, serializeSnapshot } from 'xstate/graph';
import {
  LOGIN_FALLBACK_MESSAGE,
  staffLoginMachine,
  type CaptchaChallenge,
  type SignInRequest,
  type SignedInUser,
  type StaffLoginEvent,
} from '../../machines/session/staff-login.machine';

/*
 * Model-based test: xstate/graph walks the machine definition (the model) and every path found is replayed on
 * a real actor of the same machine whose captcha and sign-in calls are fakes we settle by hand. Each step checks
 * the actor agrees with the model, plus what each state promises (the invariants the dialog relies on).
 */

type Snapshot = SnapshotFrom<typeof staffLoginMachine>;
type EventFixtures = { [K in StaffLoginEvent['type']]: Array<Extract<StaffLoginEvent, { type: K }>> };

const challenge: CaptchaChallenge = { captchaId: 'cap-1', image: 'PHN2Zy8+', contentType: 'image/svg+xml' };
const officer: SignedInUser = {
  accessToken: 'token-1',
  username: 'ward.officer',
  roles: 'MODERATOR',
  usercode: '17010101',
  userlevel: 5,
};

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'dialog.open': [{ type: 'dialog.open' }],
  'dialog.close': [{ type: 'dialog.close' }],
  'field.change': [
    { type: 'field.change', field: 'username', value: ' ward.officer ' },
    { type: 'field.change', field: 'password', value: 'S3cret pass' },
    { type: 'field.change', field: 'captcha', value: 'x7k2' },
  ],
  'captcha.refresh': [{ type: 'captcha.refresh' }],
  'login.submit': [{ type: 'login.submit' }],
  'password.toggle': [{ type: 'password.toggle' }],
} satisfies EventFixtures;

/** The outcomes of the two invoked calls, as the actor system delivers them. */
const outcomeFixtures = {
  'xstate.done.actor.fetchCaptcha': [{ type: 'xstate.done.actor.fetchCaptcha', output: challenge }],
  'xstate.error.actor.fetchCaptcha': [
    { type: 'xstate.error.actor.fetchCaptcha', error: new Error('offline') },
  ],
  'xstate.done.actor.signIn': [{ type: 'xstate.done.actor.signIn', output: officer }],
  'xstate.error.actor.signIn': [
    { type: 'xstate.error.actor.signIn', error: new Error('Invalid username or password') },
    { type: 'xstate.error.actor.signIn', error: new Error('') },
  ],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = StaffLoginEvent | OutcomeEvent;

const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

const serializeEvent = (event: unknown) =>
  JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? { error: value.message } : value,
  );

// A state is its value and context, plus the transition that entered it, so shortest paths cover transitions.
const model = new TestModel<Snapshot, ModelEvent, unknown>(staffLoginMachine as never, {
  serializeEvent,
  serializeState: (state, event, previous) => {
    const moved = event && previous && JSON.stringify(previous.value) !== JSON.stringify(state.value);
    return (
      serializeSnapshot(state) +
      (moved ? ` via ${serializeEvent(event)} from ${JSON.stringify(previous.value)}` : '')
    );
  },
  events: (state) => allEvents.filter((event) => state.can(event as StaffLoginEvent)),
  stateMatcher: (state, key) => state._nodes.some((node) => `#${node.id}` === key),
});

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** The system under test: a real actor whose calls wait until the path settles them. */
function startLoginActor() {
  const inFlight = {
    fetchCaptcha: [] as Deferred<CaptchaChallenge>[],
    signIn: [] as Deferred<SignedInUser>[],
  };
  const signInRequests: SignInRequest[] = [];
  // A call leaves the queue when it is settled or when the actor abandons it (the state that invoked it is left).
  function waitFor<T>(queue: Deferred<T>[], signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const call: Deferred<T> = { resolve, reject };
      queue.push(call);
      signal.addEventListener('abort', () => queue.splice(queue.indexOf(call), 1));
    });
  }
  const machine = staffLoginMachine.provide({
    actors: {
      fetchCaptcha: fromPromise(({ signal }) => waitFor(inFlight.fetchCaptcha, signal)),
      signIn: fromPromise<SignedInUser, SignInRequest>(({ input, signal }) => {
        signInRequests.push(input);
        return waitFor(inFlight.signIn, signal);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, inFlight, signInRequests };
}

/** Settles the only call in flight and lets the actor take the outcome. */
async function settle<T>(queue: Deferred<T>[], outcome: (call: Deferred<T>) => void): Promise<void> {
  expect(queue).toHaveLength(1);
  outcome(queue.splice(0, 1)[0]);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('staff login machine: model-based paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every leaf state and uses every event type', () => {
    const leafIds = getStateNodes(staffLoginMachine.root)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      .map((node) => node.id);
    const reached = new Set(paths.flatMap((path) => path.state._nodes.map((node) => node.id)));
    expect(leafIds.filter((id) => !reached.has(id))).toEqual([]);

    const used = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    const expected = [...Object.keys(eventFixtures), ...Object.keys(outcomeFixtures)];
    expect(expected.filter((type) => !used.has(type))).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startLoginActor();
    const snapshot = () => sut.actor.getSnapshot();
    const stateChecks: Record<string, () => void> = {
      '#staffLogin.closed': () => {
        const { context } = snapshot();
        expect([context.username, context.password, context.captcha, context.error]).toEqual([
          '',
          '',
          '',
          null,
        ]);
        expect(sut.inFlight.fetchCaptcha).toHaveLength(0);
      },
      '#staffLogin.open.captcha.loadingCaptcha': () => {
        expect(sut.inFlight.fetchCaptcha).toHaveLength(1);
        expect(snapshot().context.challenge).toBeNull();
        expect(snapshot().hasTag('captcha.pending')).toBe(true);
      },
      '#staffLogin.open.captcha.captchaReady': () => {
        expect(sut.inFlight.fetchCaptcha).toHaveLength(0);
        expect(snapshot().context.challenge).toEqual(challenge);
      },
      '#staffLogin.open.captcha.captchaFailed': () => {
        expect(sut.inFlight.fetchCaptcha).toHaveLength(0);
        expect(snapshot().context.challenge).toBeNull();
        expect(snapshot().can({ type: 'login.submit' })).toBe(false);
      },
      '#staffLogin.open.form.editing': () => {
        expect(sut.inFlight.signIn).toHaveLength(0);
        expect(snapshot().context.error).toBeNull();
      },
      '#staffLogin.open.form.submitting': () => {
        const { context } = snapshot();
        expect(sut.inFlight.signIn).toHaveLength(1);
        expect(sut.signInRequests.at(-1)).toEqual({
          username: 'ward.officer',
          password: context.password,
          captcha: context.captcha,
          captchaId: challenge.captchaId,
        });
        expect(snapshot().can({ type: 'captcha.refresh' })).toBe(false);
      },
      '#staffLogin.open.form.failed': () => {
        const { context } = snapshot();
        expect(sut.inFlight.signIn).toHaveLength(0);
        expect(['Invalid username or password', LOGIN_FALLBACK_MESSAGE]).toContain(context.error);
      },
      '#staffLogin.signedIn': () => {
        expect(snapshot().status).toBe('done');
        expect(snapshot().context.signedInUser).toEqual(officer);
      },
    };
    // Every leaf state has a check: a new state without one fails here.
    const leafIds = getStateNodes(staffLoginMachine.root)
      .filter((node) => node.type === 'atomic' || node.type === 'final')
      .map((node) => `#${node.id}`);
    expect(leafIds.filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => {
      sut.actor.send(event as StaffLoginEvent);
    };
    // Wherever the path is, the real actor agrees with the model on the state and the data, then on the promises.
    const states = Object.fromEntries(
      Object.entries(stateChecks).map(([key, check]) => [
        key,
        (expected: Snapshot) => {
          expect(snapshot().value).toEqual(expected.value);
          expect(snapshot().context).toEqual(expected.context);
          check();
        },
      ]),
    );
    await path.test({
      events: {
        'dialog.open': send,
        'dialog.close': send,
        'field.change': send,
        'captcha.refresh': send,
        'login.submit': send,
        'password.toggle': send,
        'xstate.done.actor.fetchCaptcha': () =>
          settle(sut.inFlight.fetchCaptcha, (call) => call.resolve(challenge)),
        'xstate.error.actor.fetchCaptcha': () =>
          settle(sut.inFlight.fetchCaptcha, (call) => call.reject(new Error('offline'))),
        'xstate.done.actor.signIn': () => settle(sut.inFlight.signIn, (call) => call.resolve(officer)),
        'xstate.error.actor.signIn': async ({ event }) => {
          await settle(sut.inFlight.signIn, (call) => call.reject((event as { error?: unknown }).error));
          // The refused attempt burnt the captcha: the answer is cleared and a new challenge is on its way.
          expect(snapshot().context.captcha).toBe('');
          expect(sut.inFlight.fetchCaptcha).toHaveLength(1);
        },
      },
      states,
    });
    expect(sut.actor.getSnapshot().value).toEqual(path.state.value);
    expect(sut.actor.getSnapshot().context).toEqual(path.state.context);
  });
});

describe('staff login machine: behaviour', () => {
  async function openWithCaptcha() {
    const sut = startLoginActor();
    sut.actor.send({ type: 'dialog.open' });
    await settle(sut.inFlight.fetchCaptcha, (call) => call.resolve(challenge));
    return sut;
  }
  const type = (field: 'username' | 'password' | 'captcha', value: string) =>
    ({ type: 'field.change', field, value }) as const;

  it('refuses to submit until username and password are both filled', async () => {
    const { actor } = await openWithCaptcha();
    expect(actor.getSnapshot().can({ type: 'login.submit' })).toBe(false);
    actor.send(type('username', '   '));
    actor.send(type('password', 'S3cret pass'));
    expect(actor.getSnapshot().can({ type: 'login.submit' })).toBe(false);
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().matches({ open: { form: 'editing' } })).toBe(true);
    actor.send(type('username', 'ward.officer'));
    actor.send(type('password', ''));
    expect(actor.getSnapshot().can({ type: 'login.submit' })).toBe(false);
    actor.send(type('password', 'S3cret pass'));
    expect(actor.getSnapshot().can({ type: 'login.submit' })).toBe(true);
  });

  it('does not submit without a captcha on screen, and ignores a captcha answer typed before it shows', () => {
    const { actor } = startLoginActor();
    actor.send({ type: 'dialog.open' });
    actor.send(type('username', 'ward.officer'));
    actor.send(type('password', 'S3cret pass'));
    actor.send(type('captcha', 'x7k2'));
    expect(actor.getSnapshot().context.captcha).toBe('');
    expect(actor.getSnapshot().can({ type: 'login.submit' })).toBe(false);
  });

  it('shows the server message on a refusal, clears the captcha answer and fetches a new captcha', async () => {
    const sut = await openWithCaptcha();
    sut.actor.send(type('username', 'ward.officer'));
    sut.actor.send(type('password', 'wrong'));
    sut.actor.send(type('captcha', 'x7k2'));
    sut.actor.send({ type: 'login.submit' });
    await settle(sut.inFlight.signIn, (call) => call.reject(new Error('Invalid username or password')));
    const { context } = sut.actor.getSnapshot();
    expect(context.error).toBe('Invalid username or password');
    expect([context.captcha, context.challenge]).toEqual(['', null]);
    expect([context.username, context.password]).toEqual(['ward.officer', 'wrong']);
    expect(sut.actor.getSnapshot().matches({ open: { captcha: 'loadingCaptcha', form: 'failed' } })).toBe(
      true,
    );
    expect(sut.inFlight.fetchCaptcha).toHaveLength(1);
  });

  it.each([
    ['an Error without a message', new Error('')],
    ['something that is not an Error', { status: 500 }],
  ])('falls back to the server-issue message for %s', async (_label, refusal) => {
    const sut = await openWithCaptcha();
    sut.actor.send(type('username', 'ward.officer'));
    sut.actor.send(type('password', 'S3cret pass'));
    sut.actor.send({ type: 'login.submit' });
    await settle(sut.inFlight.signIn, (call) => call.reject(refusal));
    expect(sut.actor.getSnapshot().context.error).toBe('Server Issue. Please try again later!');
  });

  it('clears username, password, captcha and error on close, and loads a new captcha on reopening', async () => {
    const sut = await openWithCaptcha();
    sut.actor.send(type('username', 'ward.officer'));
    sut.actor.send(type('password', 'wrong'));
    sut.actor.send({ type: 'password.toggle' });
    sut.actor.send({ type: 'login.submit' });
    await settle(sut.inFlight.signIn, (call) => call.reject(new Error('Invalid username or password')));
    sut.actor.send(type('captcha', 'ignored while loading'));
    sut.actor.send({ type: 'dialog.close' });
    expect(sut.actor.getSnapshot().value).toBe('closed');
    expect(sut.actor.getSnapshot().context).toMatchObject({
      username: '',
      password: '',
      captcha: '',
      error: null,
      showPassword: false,
    });
    expect(sut.inFlight.fetchCaptcha).toHaveLength(0);
    sut.actor.send({ type: 'dialog.open' });
    expect(sut.inFlight.fetchCaptcha).toHaveLength(1);
  });

  it('abandons the sign-in in flight when the dialog closes', async () => {
    const sut = await openWithCaptcha();
    sut.actor.send(type('username', 'ward.officer'));
    sut.actor.send(type('password', 'S3cret pass'));
    sut.actor.send({ type: 'login.submit' });
    expect(sut.inFlight.signIn).toHaveLength(1);
    sut.actor.send({ type: 'dialog.close' });
    expect(sut.inFlight.signIn).toHaveLength(0);
    expect(sut.actor.getSnapshot().context.signedInUser).toBeNull();
  });

  it('shows and hides the password while open', async () => {
    const { actor } = await openWithCaptcha();
    actor.send({ type: 'password.toggle' });
    expect(actor.getSnapshot().context.showPassword).toBe(true);
    actor.send({ type: 'password.toggle' });
    expect(actor.getSnapshot().context.showPassword).toBe(false);
  });
});
