import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Modal } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { waitFor, type AnyStateMachine } from 'xstate';
import {
  isAwaitingConsent,
  isGeneratingApplication,
  isWithdrawing,
  type AnonymousClearanceMachine,
} from '../../../../machines/clearance';
import { logoutCitizen } from '../../api/citizen-otp';
import { ClearanceForm } from './clearance-form';
import { clearanceLogic } from './clearance.wiring';
import { inspectOptions } from '../../lib/machine-inspector';

export const CLEARANCE_TITLE = 'CLEARANCE APPLICATION';

/**
 * The landing page's Apply for Clearance (public-portal.md sections 2 and 4): the clearance with its own Landlord
 * Epic and OTP. Closing resets it (the spec: pending and selection state is cleared on form close) and ends the key
 * its OTP bought, on the server too (`endKey`, POST apikey/logout): nothing is left signed in behind a closed
 * dialog. Closed on the consent step, the reset withdraws the application (docs/tenant-consent.md) before the key
 * ends. `logic` and `endKey` let stories and tests give it fake calls.
 */
export function ClearanceDialog({
  opened,
  onClose,
  logic = clearanceLogic,
  endKey = logoutCitizen,
}: {
  opened: boolean;
  onClose: () => void;
  logic?: AnonymousClearanceMachine | AnyStateMachine;
  endKey?: () => Promise<void>;
}) {
  const actor = useActorRef(logic as AnonymousClearanceMachine, {
    ...inspectOptions(),
    input: { key: null },
  });
  const close = () => {
    const signedIn = actor.getSnapshot().context.key !== null;
    // On the consent step the reset withdraws the application first, with the key: it is ended after that. A
    // Generate in flight is let finish first, so the application it makes is withdrawn too, not left holding the unit.
    const resetThenEndKey = async () => {
      await waitFor(actor, (s) => !isGeneratingApplication(s));
      actor.send({ type: 'reset' });
      await waitFor(actor, (s) => !isWithdrawing(s));
    };
    if (signedIn) void resetThenEndKey().then(endKey, endKey);
    else actor.send({ type: 'reset' });
    onClose();
  };
  // On the consent step a stray tap beside the dialog (or Escape) would withdraw the application: only the close
  // button, or Reset, leaves it (a phone stranger's finding, docs/tenant-consent.md).
  const awaitingConsent = useSelector(actor, isAwaitingConsent);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={CLEARANCE_TITLE}
      size="lg"
      closeOnClickOutside={!awaitingConsent}
      closeOnEscape={!awaitingConsent}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <ClearanceForm actor={actor} />
    </Modal>
  );
}
