import { memo, Suspense } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { lazyWhenVisible } from './lazy-when-visible';
import { LANDLORD_REGISTRATION_STEPS } from './landlord-registration-steps';
import { StepIcon } from './step-icons';
import classes from './tutorials.module.css';

export const TUTORIALS_ID = 'tutorials';
const FLOW_ANCHOR_ID = 'application-flow-stages';

const ApplicationFlowIllustration = lazyWhenVisible(FLOW_ANCHOR_ID, async () => ({
  default: (await import('./application-flow-illustration')).ApplicationFlowIllustration,
}));

/**
 * The tutorials (public-portal.md section 2: Application_Flow and Landlord_Registration), as illustrated steps
 * instead of videos. Memoised without props: a state change of the page (a dialog opening) must not reach the
 * flow's boundary while it still waits to hydrate, or React would replace its server HTML with the fallback.
 */
export const TutorialsSection = memo(function TutorialsSection() {
  return (
    <Container
      component="section"
      id={TUTORIALS_ID}
      size="lg"
      py={{ base: 32, sm: 48 }}
      aria-labelledby="tutorials-title"
    >
      <Stack gap="xl">
        <Title id="tutorials-title" order={2} c="govBlue.9">
          Tutorials
        </Title>
        <Stack gap="md" component="section" aria-labelledby="flow-title">
          <Title id="flow-title" order={3} fz="xl">
            Application Flow
          </Title>
          <Text c="dimmed" maw={760}>
            Every application starts at the sub-locality or ward and moves on as the officials act. These are
            its stages, the status code the tracker shows, who holds it and where it can go next.
          </Text>
          <div id={FLOW_ANCHOR_ID}>
            <Suspense fallback={<div className={classes.placeholder} aria-busy="true" />}>
              <ApplicationFlowIllustration />
            </Suspense>
          </div>
        </Stack>
        <Stack gap="md" component="section" aria-labelledby="landlord-registration-title">
          <Title id="landlord-registration-title" order={3} fz="xl">
            Landlord Registration
          </Title>
          <ol className={classes.steps}>
            {LANDLORD_REGISTRATION_STEPS.map((step, index) => (
              <li key={step.title} className={classes.step}>
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
        </Stack>
      </Stack>
    </Container>
  );
});
