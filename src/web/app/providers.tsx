import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cssVariablesResolver, theme } from './theme';
import { PUBLIC_SNACKBAR_MS } from './snackbar';

/**
 * Theme and snackbars (@mantine/notifications) for the whole app. Confirmation dialogs (@mantine/modals) come
 * from ModalsLayer (modals-layer.tsx), mounted by the lazy areas that use them: Mantine's modal stack
 * (scroll lock, focus trap, scroll area) is about 12 KiB gzipped, which the landing page does not need.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" autoClose={PUBLIC_SNACKBAR_MS} limit={3} />
      {children}
    </MantineProvider>
  );
}
