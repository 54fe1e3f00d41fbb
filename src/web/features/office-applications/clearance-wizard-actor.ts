import { createActorContext } from '@xstate/react';
import { clearanceWizardMachine } from '../../../../machines/clearance/clearance-wizard.machine';

/** The wizard actor its steps read; the page's Provider gives it the official's calls (clearance-wizard.wiring.ts). */
export const WizardActor = createActorContext(clearanceWizardMachine);
