import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

/** The dialog (machine, form, table) is loaded on first use: most sessions never open it. */
const SearchDialog = lazy(async () => ({ default: (await import('./search-dialog')).SearchDialog }));

/** The top bar's Search button (SUPERVISOR, MODERATOR, SUPERMODERATOR; the shell decides who sees it). */
export function TopBarSearch() {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button variant="light" size="sm" px="sm" onClick={dialog.open} aria-haspopup="dialog">
        Search
      </Button>
      {/* Closing unmounts the dialog: the next opening starts with an empty form. */}
      {opened && (
        <Suspense fallback={null}>
          <SearchDialog onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
