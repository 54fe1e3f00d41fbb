import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';

/** The four-step explainer of public-portal.md section 2, in the order an application travels. */
export const PROCESS_STEPS = [
  {
    title: 'Register once',
    text: 'Landlords and tenants register on the portal once, confirming their mobile number with a one-time password.',
  },
  {
    title: 'Apply for clearance',
    text: 'The landlord fills in the clearance application for the tenant and the rental unit.',
  },
  {
    title: 'Sub-locality or ward check',
    text: 'The sub-locality or ward authority checks the application and forwards it to the locality.',
  },
  {
    title: 'Locality verification',
    text: 'The locality authority processes the application. When it succeeds, the tenant is verified.',
  },
] as const;

export function ProcessSteps() {
  return (
    <Stack gap="md" component="section" aria-labelledby="process-title">
      <Title id="process-title" order={3} fz="xl">
        The process in four steps
      </Title>
      <SimpleGrid
        component="ol"
        cols={{ base: 1, xs: 2, md: 4 }}
        spacing="lg"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {PROCESS_STEPS.map((step, index) => (
          <Paper component="li" key={step.title} withBorder p="lg" radius="md" bg="white">
            <Stack gap="sm">
              <ThemeIcon size={40} radius="xl" aria-hidden>
                <Text fw={800} fz="lg" c="white">
                  {index + 1}
                </Text>
              </ThemeIcon>
              <Text fw={700} fz="md">
                {step.title}
              </Text>
              <Text fz="sm" c="dimmed">
                {step.text}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
