import { Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { PublicLayout } from '../../components/public-layout';
import { POLICY_SECTIONS, POLICY_UPDATED } from './policy-sections';

/** /privacy-policy: the static policy text (public-portal.md section 2). */
export function PrivacyPolicyPage() {
  return (
    <PublicLayout>
      <Container size="md" py={{ base: 32, sm: 48 }}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} c="govBlue.9">
                Privacy Policy
              </Title>
              <Text c="dimmed" fz="sm">
                Last updated {POLICY_UPDATED}
              </Text>
            </Stack>
            {POLICY_SECTIONS.map((section) => (
              <Stack key={section.title} gap="xs" component="section">
                <Title order={2} fz="lg">
                  {section.title}
                </Title>
                {section.items ? (
                  <List spacing={4} fz="sm">
                    {section.items.map((item) => (
                      <List.Item key={item}>{item}</List.Item>
                    ))}
                  </List>
                ) : null}
                {section.paragraphs?.map((p) => (
                  <Text key={p} fz="sm">
                    {p}
                  </Text>
                ))}
              </Stack>
            ))}
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
