import type { ActorRefFrom } from 'xstate';
import type { AnonymousClearanceMachine } from '../../../../machines/clearance';

/** The running clearance machine that the form and its parts (consent, members) render and send to. */
export type ClearanceActor = ActorRefFrom<AnonymousClearanceMachine>;
