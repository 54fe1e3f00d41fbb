import { Box, Group, Loader, Text } from '@mantine/core';
import classes from './workflows.module.css';

/** What shows while the drawing's code arrives and while the states are laid out. */
export function DiagramLoading({ title }: { title: string }) {
  return (
    <Box className={classes.canvas} data-state="loading">
      <Group justify="center" align="center" h="100%" gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Drawing the diagram of {title}…</Text>
      </Group>
    </Box>
  );
}
