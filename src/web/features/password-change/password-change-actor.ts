import { createActorContext } from '@xstate/react';
import { passwordChangeLogic } from './password-change.wiring';

/** The password change machine of one dialog; stories and tests swap its logic for fakes. */
export const PasswordChangeActor = createActorContext(passwordChangeLogic);
