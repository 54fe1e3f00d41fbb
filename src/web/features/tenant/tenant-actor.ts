import { createActorContext } from '@xstate/react';
import { tenantStepperLogic } from './tenant-stepper.wiring';

/** The tenant stepper actor the dialog's parts read (stories and tests swap the logic on the Provider). */
export const TenantActor = createActorContext(tenantStepperLogic);
