import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ProcessSteps } from './process-steps';

export const HOW_TO_APPLY_ID = 'how-to-apply';

/** Who must apply, the prerequisites announcement (its dialog has the lists) and the four steps. */
export function HowToApplySection({ onShowPrerequisites }: { onShowPrerequisites: () => void }) {
  return (
    <Container
      component="section"
      id={HOW_TO_APPLY_ID}
      size="lg"
      py={{ base: 40, sm: 56 }}
      aria-labelledby="how-to-apply-title"
    >
      <Stack gap="xl">
        <Stack gap="xs">
          <Title id="how-to-apply-title" order={2} c="govBlue.9">
            How to Apply
          </Title>
          <Text c="dimmed" maw={760}>
            Every landlord letting out a house, flat or room must register the tenants and obtain their police
            verification.
          </Text>
        </Stack>
        <Paper
          withBorder
          p="lg"
          radius="md"
          bg="govBlue.0"
          role="note"
          aria-labelledby="documents-notice-title"
        >
          <Group justify="space-between" gap="md">
            <Stack gap={4} maw={640}>
              <Title id="documents-notice-title" order={3} fz="lg">
                Before you start
              </Title>
              <Text fz="sm">
                Landlords need their EPIC number and a mobile number; tenants need a photograph, an identity
                proof and a signature as JPEG images of at most 500 KB each.
              </Text>
            </Stack>
            <Button onClick={onShowPrerequisites}>Documents you need</Button>
          </Group>
        </Paper>
        <ProcessSteps />
      </Stack>
    </Container>
  );
}
