import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { ACTIVITY_DEBOUNCE_MS, idleSessionMachine } from '../../../../machines/session/idle-session.machine';
import { IdleDialog, SessionExpiredNotice } from './idle-dialog';
import { logout } from './logout';
import { inspectOptions } from '../../lib/machine-inspector';

/** What counts as the official being present (capture phase, so scrolling inside any panel counts too). */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'keydown',
  'mousedown',
  'touchstart',
  'scroll',
  'wheel',
] as const;

export interface IdleGuardProps {
  /** Called after the session expired and the person acknowledged it (logout already done): go to /. */
  onExpired: () => void;
  /** Called after Logout was chosen in the idle dialog (logout already done); defaults to `onExpired`. */
  onLoggedOut?: () => void;
  idleTimeoutMs?: number;
  warningTimeoutMs?: number;
}

/**
 * The idle watch inside the authenticated shell (backoffice.md sections 2 and 4, docs/session-timeouts.md):
 * reports activity to the idle-session machine, asks 'You want to stay?' when it warns, and ends the session
 * when it expires or the person chooses Logout.
 */
export function IdleGuard({
  onExpired,
  onLoggedOut = onExpired,
  idleTimeoutMs,
  warningTimeoutMs,
}: IdleGuardProps) {
  const [snapshot, send, actorRef] = useMachine(idleSessionMachine, {
    ...inspectOptions(),
    input: { idleTimeoutMs, warningTimeoutMs },
  });
  const [leaving, setLeaving] = useState(false);

  useEffect(() => reportActivity(() => actorRef.send({ type: 'activity' })), [actorRef]);

  const leave = async (then: () => void) => {
    setLeaving(true);
    await logout();
    then();
  };

  return (
    <>
      <IdleDialog
        opened={snapshot.matches('warning') || snapshot.matches('loggedOut')}
        loggingOut={snapshot.matches('loggedOut')}
        onStay={() => send({ type: 'stay' })}
        onLogout={() => {
          send({ type: 'logout' });
          void leave(onLoggedOut);
        }}
      />
      <SessionExpiredNotice
        opened={snapshot.matches('expired')}
        leaving={leaving}
        onAcknowledge={() => {
          if (!leaving) void leave(onExpired);
        }}
      />
    </>
  );
}

/**
 * Listens for activity and reports a burst of it once, ACTIVITY_DEBOUNCE_MS after it starts (spec: 250 ms
 * debounce). Reporting from the start of a burst, not its end, means even unbroken activity (a long scroll)
 * keeps the session alive. Returns the function that stops listening.
 */
export function reportActivity(report: () => void, target: Document = document): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onActivity = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      report();
    }, ACTIVITY_DEBOUNCE_MS);
  };
  for (const type of ACTIVITY_EVENTS)
    target.addEventListener(type, onActivity, { capture: true, passive: true });
  return () => {
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, { capture: true });
  };
}
