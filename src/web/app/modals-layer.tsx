import type { ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';

/**
 * @mantine/modals for an area that opens confirmations with `modals.openConfirmModal` (the staff shell does).
 * Import it only from lazily loaded modules, so the landing page's first load stays without it.
 */
export function ModalsLayer({ children }: { children: ReactNode }) {
  return <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }}>{children}</ModalsProvider>;
}
