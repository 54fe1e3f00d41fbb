import { TextInput } from '@mantine/core';
import { wizardEpicError } from '../../../../machines/clearance/clearance-wizard.selectors';
import { WizardActor } from './clearance-wizard-actor';

export const WIZARD_EPIC_FIELD = 'Landlord Epic Number';

/** Step 0, 'Landlord Election ID': the EPIC of the landlord's election card; Enter advances like Next. */
export function ClearanceWizardEpicStep() {
  const actor = WizardActor.useActorRef();
  const epic = WizardActor.useSelector((s) => s.context.epic);
  const epicError = WizardActor.useSelector(wizardEpicError);
  return (
    <TextInput
      label={WIZARD_EPIC_FIELD}
      description="3 letters and 7 digits, as on the election card"
      value={epic}
      error={epicError}
      maxLength={10}
      autoComplete="off"
      data-autofocus
      w={{ base: '100%', xs: 320 }}
      onChange={(event) => actor.send({ type: 'epic.change', value: event.currentTarget.value })}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          actor.send({ type: 'step.next' });
        }
      }}
    />
  );
}
