import { useEffect, useEffectEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { AnyStateMachine } from 'xstate';
import type { CitizenKey } from '../../../../machines/access/otp-access.machine';
import { clearanceKeyEnded, type AnonymousClearanceMachine } from '../../../../machines/clearance';
import { ClearanceForm } from './clearance-form';
import { clearanceLogic } from './clearance.wiring';

export interface ClearanceTabProps {
  /** The landlord page's key: the clearance starts at the unit choice, with no second OTP. */
  landlordKey: CitizenKey;
  /** The key ended (a 401) while the tab used it: the page logs out. */
  onKeyEnded: () => void;
  logic?: AnonymousClearanceMachine | AnyStateMachine;
}

/** The landlord page's Clearance tab (public-portal.md "Landlord page"; docs/clearance.md). */
export function ClearanceTab({ landlordKey, onKeyEnded, logic = clearanceLogic }: ClearanceTabProps) {
  const actor = useActorRef(logic as AnonymousClearanceMachine, { input: { key: landlordKey } });
  const ended = useSelector(actor, clearanceKeyEnded);
  const keyEnded = useEffectEvent(onKeyEnded);
  useEffect(() => {
    if (ended) keyEnded();
  }, [ended]);
  return <ClearanceForm actor={actor} />;
}
