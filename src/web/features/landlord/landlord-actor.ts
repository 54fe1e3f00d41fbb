import { createActorContext } from '@xstate/react';
import { landlordStepperLogic } from './landlord-stepper.wiring';

/** The landlord stepper actor the page's parts read (stories and tests swap the logic on the Provider). */
export const LandlordActor = createActorContext(landlordStepperLogic);
