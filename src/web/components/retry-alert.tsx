import { Alert, Button, Stack, Text } from '@mantine/core';

export interface RetryAlertProps {
  /** What could not be done, e.g. 'The live numbers could not be loaded'. */
  title: string;
  /** Why: the server's message, or the app's words for a lost connection (none known: only the title). */
  message?: string | null;
  onRetry: () => void;
}

/** A failed load or download: what failed, the reason, and "Try again" (the same request once more). */
export function RetryAlert({ title, message, onRetry }: RetryAlertProps) {
  return (
    <Alert color="red.9" variant="outline" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        {message ? <Text size="sm">{message}</Text> : null}
        <Button size="xs" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
