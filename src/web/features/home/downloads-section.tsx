import { Link } from 'react-router';
import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  PUBLIC_DOWNLOADS,
  publicDownloadUrl,
  type PublicDownloadName,
} from '../../../contract/public-downloads.contract';
import { paths } from '../../app/paths';

export const DOWNLOADS_ID = 'downloads';

/** The documents that have a viewer dialog (public-portal.md section 2: act viewer, password-change viewer). */
export const VIEWABLE: readonly PublicDownloadName[] = ['act-and-rules.pdf', 'password-change.pdf'];

/** Forms and guides as plain download links (they work before the script runs); two also open in a viewer. */
export function DownloadsSection({ onView }: { onView: (name: PublicDownloadName) => void }) {
  return (
    <Container
      component="section"
      id={DOWNLOADS_ID}
      size="lg"
      py={{ base: 32, sm: 48 }}
      aria-labelledby="downloads-title"
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Title id="downloads-title" order={2} c="govBlue.9">
            Downloads
          </Title>
          <Text c="dimmed" maw={760}>
            Printable forms for those who apply on paper at the ward office, the act in brief and the guides.
          </Text>
          <Group>
            <Button component={Link} to={paths.manuals} variant="outline" size="sm">
              Manuals for citizens and officials
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {PUBLIC_DOWNLOADS.map((d) => (
            <Paper key={d.name} withBorder p="md" radius="md">
              <Stack gap={8} h="100%" justify="space-between">
                <Stack gap={4}>
                  <Text fw={700}>{d.title}</Text>
                  <Text fz="sm" c="dimmed">
                    {d.description}.
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    component="a"
                    href={publicDownloadUrl(d.name)}
                    download={d.name}
                    size="xs"
                    aria-label={`Download ${d.title} (PDF)`}
                  >
                    Download PDF
                  </Button>
                  {VIEWABLE.includes(d.name) ? (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onView(d.name)}
                      aria-label={`View ${d.title}`}
                    >
                      View
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
