import { Modal, Stack, Text } from '@mantine/core';
import { SearchForm } from './search-form';
import { SearchResults } from './search-results';
import { useSearch } from './use-search';

export const SEARCH_DIALOG_TITLE = 'Search';

/**
 * The top bar's search dialog (backoffice.md: full screen; the text is a name or an EPIC/registration number,
 * tenant or landlord, Search and Close, the results). top-bar-search.tsx opens it.
 */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const [snapshot, send] = useSearch(false);
  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={SEARCH_DIALOG_TITLE}
      radius={0}
      closeButtonProps={{ 'aria-label': 'Close search' }}
    >
      <Stack gap="lg" maw={1200} mx="auto">
        <Text size="sm" c="dimmed">
          Only the people of your jurisdiction are found. Names may be partial or misspelt.
        </Text>
        <SearchForm
          snapshot={snapshot}
          send={send}
          label="Name or EPIC/registration number"
          secondary={{ label: 'Close', onClick: onClose }}
        />
        <SearchResults snapshot={snapshot} send={send} />
      </Stack>
    </Modal>
  );
}
