import { Link } from 'react-router';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { BrandMark } from '../../components/brand-mark';
import { paths } from '../paths';

/** Shown instead of the staff shell when this tab holds no access token (backoffice.md section 2). */
export function SessionFallback() {
  return (
    <Center component="main" mih="100vh" p="md" bg="#f6f8fb">
      <Paper withBorder radius="md" p="xl" maw={460} w="100%">
        <Stack align="center" gap="md" ta="center">
          <BrandMark size={56} />
          <Title order={1} fz={26}>
            Please log in
          </Title>
          <Text c="dimmed">
            This page is for signed-in officials. Your session may have ended, or you opened the link in a new
            tab. Log in again from the home page to continue.
          </Text>
          <Button component={Link} to={paths.home} size="md">
            Go to the home page
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
