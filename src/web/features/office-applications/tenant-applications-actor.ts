import type { ActorRefFrom } from 'xstate';
import type { TenantApplicationMachine } from '../../../../machines/clearance';

/** The panel's running machine, which its dialogs and table read and send to. */
export type TenantApplicationActor = ActorRefFrom<TenantApplicationMachine>;
