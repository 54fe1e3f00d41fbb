import { Link } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { paths } from '../../app/paths';

export const NOT_FOUND_MESSAGE = "Oops. Looks like the page you're looking for no longer exists";

/** The 404 content. The route decides the frame: the public layout outside /app, the staff shell inside it. */
export function NotFoundPage() {
  return (
    <Center py={{ base: 48, sm: 96 }} px="md">
      <Stack align="center" gap="md" maw={560} ta="center">
        <Text fz={72} fw={800} c="govBlue.7" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {NOT_FOUND_MESSAGE}
        </Title>
        <Text c="dimmed">Check the address, or go back to the home page and start again from there.</Text>
        <Button component={Link} to={paths.home} size="md">
          Back to Home
        </Button>
      </Stack>
    </Center>
  );
}
