import type { ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';

/**
 * @mantine/modals for an area that opens confirmations with `modals.openConfirmModal` (the staff shell does).
 * Import it only from lazily loaded modules, so the landing page's first load stays without it.
 */
export function ModalsLayer({ children }: { children: ReactNode }) {
  // Every confirmation's × has a name (a stranger's phone check found it read as an unnamed button).
  return (
    <ModalsProvider
      labels={{ confirm: 'Yes', cancel: 'No' }}
      modalProps={{ closeButtonProps: { 'aria-label': 'Close' } }}
    >
      {children}
    </ModalsProvider>
  );
}
