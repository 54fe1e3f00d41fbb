import { memo, Suspense } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { lazyWhenVisible } from './lazy-when-visible';
import classes from './tutorials.module.css';

export const TUTORIALS_ID = 'tutorials';
const FLOW_ANCHOR_ID = 'application-flow-stages';
const REGISTRATION_ANCHOR_ID = 'landlord-registration-steps';

const ApplicationFlowIllustration = lazyWhenVisible(FLOW_ANCHOR_ID, async () => ({
  default: (await import('./application-flow-illustration')).ApplicationFlowIllustration,
}));
const LandlordRegistrationIllustration = lazyWhenVisible(REGISTRATION_ANCHOR_ID, async () => ({
  default: (await import('./landlord-registration-illustration')).LandlordRegistrationIllustration,
}));

/**
 * The tutorials (public-portal.md section 2: Application_Flow and Landlord_Registration), as illustrated steps
 * instead of videos, both read from their machines (the lifecycle, the landlord stepper) in chunks of their own. Memoised without props: a state change of the page (a dialog opening) must not reach the
 * boundaries while they still wait to hydrate, or React would replace its server HTML with the fallback.
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
          <Text c="dimmed" maw={760}>
            The steps of Register / Login as Landlord, as the portal takes a new landlord through them.
          </Text>
          <div id={REGISTRATION_ANCHOR_ID}>
            <Suspense fallback={<div className={classes.placeholder} aria-busy="true" />}>
              <LandlordRegistrationIllustration />
            </Suspense>
          </div>
        </Stack>
      </Stack>
    </Container>
  );
});
