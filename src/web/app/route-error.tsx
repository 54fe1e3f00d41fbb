import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';

/**
 * The router's last resort. The usual cause is a screen's code that no longer exists on the server after an
 * update (the tab still holds the old page), which a reload fixes; the detail goes to the console only.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const status = isRouteErrorResponse(error) ? ` (${error.status})` : '';
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={480}>
        <Stack gap="md">
          <Title order={1} fz={24}>
            Something went wrong{status}
          </Title>
          <Text>
            This page could not be shown. The portal may have been updated; reloading usually helps.
          </Text>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        </Stack>
      </Paper>
    </Center>
  );
}

export function PageLoader() {
  return (
    <Center mih="60vh" role="status" aria-label="Loading">
      <Text c="dimmed">Loading…</Text>
    </Center>
  );
}
