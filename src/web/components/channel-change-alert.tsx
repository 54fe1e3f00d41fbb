import '@mantine/core/styles/Alert.layer.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messageOr } from '../../../machines/access/failures';
import { CHANNEL_CHANGE_MESSAGES, type PendingChannelChange } from '../../contract/channel-changes.contract';
import type { ChannelChangeCalls } from '../api/channel-change-calls';

type View =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'pending'; change: PendingChannelChange }
  | { kind: 'stopping'; change: PendingChannelChange }
  | { kind: 'stopped'; message: string }
  | { kind: 'failed'; change: PendingChannelChange; message: string };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "the mobile number to ******1234 and the email address to a***@example.org" */
function newValues(change: PendingChannelChange): string {
  return [
    change.newMobile === null ? null : `the mobile number to ${change.newMobile}`,
    change.newEmail === null ? null : `the email address to ${change.newEmail}`,
  ]
    .filter(Boolean)
    .join(' and ');
}

/**
 * The person's own pending change of its OTP channel, asked by someone else (docs/otp-channel-changes.md): what,
 * who asked, when it takes effect, and "Stop this change" after a confirmation. Shown in the landlord's and the
 * tenant's signed-in pages and on a staff member's profile; nothing shows when no change is pending (or when the
 * check itself failed: the page's own calls report a lost connection).
 */
export function ChannelChangeAlert({ calls }: { calls: ChannelChangeCalls }) {
  const [view, setView] = useState<View>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    calls.pending().then(
      (change) => live && setView(change ? { kind: 'pending', change } : { kind: 'none' }),
      () => live && setView({ kind: 'none' }),
    );
    return () => {
      live = false;
    };
  }, [calls]);

  const stop = async (change: PendingChannelChange) => {
    setView({ kind: 'stopping', change });
    try {
      setView({ kind: 'stopped', message: await calls.stop() });
    } catch (error) {
      setView({ kind: 'failed', change, message: messageOr(error, CHANNEL_CHANGE_MESSAGES.stopFailed) });
    }
  };

  const confirmStop = (change: PendingChannelChange) =>
    modals.openConfirmModal({
      title: 'Stop this change?',
      children: (
        <Text size="sm">
          Your {change.what} will stay as it is now. If the change is needed, ask for it again at the office.
        </Text>
      ),
      labels: { confirm: 'Stop the change', cancel: 'Keep it' },
      onConfirm: () => void stop(change),
    });

  if (view.kind === 'loading' || view.kind === 'none') return null;
  if (view.kind === 'stopped') {
    return (
      <Alert color="green" role="status" title="Change stopped" mb="md">
        {view.message}
      </Alert>
    );
  }
  const { change } = view;
  return (
    <Alert
      color="orange.9"
      variant="outline"
      role="alert"
      title={`A change of your ${change.what} is pending`}
      mb="md"
    >
      <Stack gap="xs" align="flex-start">
        {change.checkedInPerson ? (
          // Asked at a counter after an identity check (a contested record): no key stops it.
          <Text size="sm">
            {capitalised(change.requestedBy)} asked to change {newValues(change)} after checking an identity
            document at the counter. It takes effect on {change.effectiveAtText} and cannot be stopped online:
            if you did not ask for it, go to that office with your identity document before then.
          </Text>
        ) : (
          <Text size="sm">
            {capitalised(change.requestedBy)} asked to change {newValues(change)}. It takes effect on{' '}
            {change.effectiveAtText} unless you stop it. If you did not ask for this, stop it now.
          </Text>
        )}
        {view.kind === 'failed' ? (
          <Text size="sm" c="red.9" role="alert">
            {view.message}
          </Text>
        ) : null}
        {change.checkedInPerson ? null : (
          <Button
            size="xs"
            color="red.9"
            loading={view.kind === 'stopping'}
            onClick={() => confirmStop(change)}
          >
            Stop this change
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * For officials on a record: "Mobile number change pending: the mobile number to ******1122 from 30 Nov 2026,
 * 10:30 IST ...". `reveal` scrolls it into view when it appears (after a save far down a phone's form).
 */
export function PendingChannelNote({
  change,
  reveal = false,
}: {
  change: PendingChannelChange | null | undefined;
  reveal?: boolean;
}) {
  const note = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal && change) note.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [reveal, change]);
  if (!change) return null;
  return (
    <Alert ref={note} color="orange.9" variant="light" role="status" mb="md">
      {capitalised(change.what)} change pending until {change.effectiveAtText}: {newValues(change)} (
      {change.requestedBy} asked; the person was told and may stop it). Until then the current one stays in
      use.
    </Alert>
  );
}

/**
 * The calls as one object for ChannelChangeAlert, or null while a service lacks either (a view rendered for an
 * official, a story): stable across renders while both calls are, so the alert does not load again.
 */
export function useChannelChangeCalls(
  pending: ChannelChangeCalls['pending'] | undefined,
  stop: ChannelChangeCalls['stop'] | undefined,
): ChannelChangeCalls | null {
  return useMemo(() => (pending && stop ? { pending, stop } : null), [pending, stop]);
}
