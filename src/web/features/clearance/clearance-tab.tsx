import { createContext, useContext, useEffect, useEffectEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { AnyStateMachine } from 'xstate';
import type { CitizenKey } from '../../../../machines/access/otp-access.machine';
import { clearanceKeyEnded, type AnonymousClearanceMachine } from '../../../../machines/clearance';
import { ClearanceForm } from './clearance-form';
import { clearanceLogic } from './clearance.wiring';
import { inspectOptions } from '../../lib/machine-inspector';

export interface ClearanceTabProps {
  /** The landlord page's key: the clearance starts at the unit choice, with no second OTP. */
  landlordKey: CitizenKey;
  /** The key ended (a 401) while the tab used it: the page logs out. */
  onKeyEnded: () => void;
  logic?: AnonymousClearanceMachine | AnyStateMachine;
}

/** The tab's machine where the landlord page renders it: the real calls, unless a story or test swaps them. */
export const ClearanceLogicContext = createContext<AnonymousClearanceMachine | AnyStateMachine>(
  clearanceLogic,
);

/** The landlord page's Clearance tab (public-portal.md "Landlord page"; docs/clearance.md). */
export function ClearanceTab({ landlordKey, onKeyEnded, logic: given }: ClearanceTabProps) {
  const provided = useContext(ClearanceLogicContext);
  const logic = given ?? provided;
  const actor = useActorRef(logic as AnonymousClearanceMachine, { ...inspectOptions(), input: { key: landlordKey } });
  const ended = useSelector(actor, clearanceKeyEnded);
  const keyEnded = useEffectEvent(onKeyEnded);
  useEffect(() => {
    if (ended) keyEnded();
  }, [ended]);
  return <ClearanceForm actor={actor} />;
}
