import { Container, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ProcessSteps } from './process-steps';

export const HOW_TO_APPLY_ID = 'how-to-apply';

/** What landlords and tenants need ready (the prerequisites announcement), then the four steps. */
const PREREQUISITES = [
  {
    who: 'Landlords need',
    items: [
      'Election Photo Identity Card (EPIC) number',
      'A mobile number to receive the one-time password (OTP)',
      'Details of each rental unit: house number, floor and address',
    ],
  },
  {
    who: 'Tenants need',
    items: [
      'An identity document: EPIC, driving licence or PAN card',
      'A recent passport-size photograph',
      'Permanent address and a mobile number',
      'Details of family members and domestic helpers living with the tenant',
    ],
  },
] as const;

export function HowToApplySection() {
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
            verification. Keep these ready before you start. Documents are uploaded as JPEG images of at most
            500 KB each.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {PREREQUISITES.map((group) => (
            <Paper key={group.who} withBorder p="lg" radius="md">
              <Title order={3} fz="lg" mb="sm">
                {group.who}
              </Title>
              <List spacing={6} fz="sm">
                {group.items.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Paper>
          ))}
        </SimpleGrid>
        <ProcessSteps />
      </Stack>
    </Container>
  );
}
