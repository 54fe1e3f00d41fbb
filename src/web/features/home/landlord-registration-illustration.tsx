import { Stack, Text } from '@mantine/core';
import { landlordStepperMachine } from '../../../../machines/access/landlord-stepper.machine';
import { landlordRegistrationSteps } from './landlord-registration-steps';
import { StepIcon } from './step-icons';
import classes from './tutorials.module.css';

/**
 * The Landlord Registration steps drawn from the landlord-stepper machine. Its own chunk (the machine brings
 * xstate), fetched when the section scrolls into view (lazy-when-visible.ts); the prerendered page already shows it.
 */
export function LandlordRegistrationIllustration() {
  return (
    <ol className={classes.steps} aria-label="Steps of a landlord registration">
      {landlordRegistrationSteps(landlordStepperMachine).map((step, index) => (
        <li key={step.stateId} className={classes.step}>
          <StepIcon name={step.icon} />
          <Stack gap={4}>
            <Text fw={700} fz="sm">
              {index + 1}. {step.title}
            </Text>
            <Text fz="sm" c="dimmed">
              {step.text}
            </Text>
          </Stack>
        </li>
      ))}
    </ol>
  );
}
