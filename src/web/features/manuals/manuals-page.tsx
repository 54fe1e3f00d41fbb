import { Anchor, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { PublicLayout } from '../../components/public-layout';
import { MANUALS } from './manual-guides';

/** /manuals: the citizen and officials' guides as one printable page (each guide starts a printed page). */
export function ManualsPage() {
  return (
    <PublicLayout>
      <Container size="md" py={{ base: 32, sm: 48 }}>
        <Stack gap="xl">
          <Stack gap="xs">
            <Title order={1} c="govBlue.9">
              Manuals
            </Title>
            <Text c="dimmed">Step-by-step guides to the portal. Print this page to keep a copy.</Text>
            <Group gap="sm" className="mrss-no-print">
              {MANUALS.map((m) => (
                <Anchor key={m.id} href={`#${m.id}`}>
                  {m.title}
                </Anchor>
              ))}
              <Button size="xs" variant="default" onClick={() => window.print()}>
                Print
              </Button>
            </Group>
          </Stack>
          {MANUALS.map((manual) => (
            <Paper
              key={manual.id}
              component="section"
              id={manual.id}
              withBorder
              p="lg"
              radius="md"
              aria-labelledby={`${manual.id}-title`}
              style={{ breakBefore: 'page' }}
            >
              <Stack gap="md">
                <Stack gap={2}>
                  <Title id={`${manual.id}-title`} order={2}>
                    {manual.title}
                  </Title>
                  <Text fz="sm" c="dimmed">
                    {manual.audience}
                  </Text>
                </Stack>
                {manual.sections.map((section) => (
                  <Stack key={section.title} gap={6}>
                    <Title order={3} fz="lg">
                      {section.title}
                    </Title>
                    <List type="ordered" spacing={4} fz="sm">
                      {section.steps.map((step) => (
                        <List.Item key={step}>{step}</List.Item>
                      ))}
                    </List>
                  </Stack>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Container>
    </PublicLayout>
  );
}
