import type { ReactNode } from 'react';
import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';

/**
 * Defence against clickjacking in depth: the server already forbids framing (CSP frame-ancestors 'none',
 * X-Frame-Options DENY), but a proxy or an old browser may not honour that, so the app itself refuses to run
 * inside a frame and shows only a warning with a link that opens it in its own window.
 */
export function isFramed(win: Window = window): boolean {
  try {
    return win.top !== win.self;
  } catch {
    // Reading a cross-origin top throws: that can only happen inside a frame.
    return true;
  }
}

export function FrameWarning({ href }: { href: string }) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={520}>
        <Stack gap="md">
          <Title order={1} fz={24}>
            This page is shown inside another website
          </Title>
          <Text>
            For your security, the portal does not work when it is embedded in another page, because that page
            could capture what you type or click.
          </Text>
          <Anchor href={href} target="_blank" rel="noopener noreferrer" fw={700}>
            Open the portal safely in its own window
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

export function FrameGuard({ children, framed = isFramed() }: { children: ReactNode; framed?: boolean }) {
  return framed ? <FrameWarning href={window.location.href} /> : children;
}
