import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import { Button, Group, List, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  publicDownload,
  publicDownloadUrl,
  type PublicDownloadName,
} from '../../../contract/public-downloads.contract';
import { PREREQUISITES } from './prerequisites';

// The landing page's dialogs, in one chunk loaded on the first click of a button that opens one.

export const PREREQUISITES_TITLE = 'Documents you need';

export function PrerequisitesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={PREREQUISITES_TITLE}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Tabs defaultValue="landlord">
        <Tabs.List>
          {PREREQUISITES.map((group) => (
            <Tabs.Tab key={group.key} value={group.key}>
              {group.tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PREREQUISITES.map((group) => (
          <Tabs.Panel key={group.key} value={group.key} pt="md">
            <Stack gap="sm">
              <Text fz="sm">{group.intro}</Text>
              <List spacing={6} fz="sm">
                {group.required.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
              <Title order={3} fz="sm">
                Optional
              </Title>
              <List spacing={6} fz="sm">
                {group.optional.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}

/**
 * A public PDF in the page (the act viewer, the password-change instructions viewer) with its download button.
 * Phones often do not draw a PDF inside a page, so the download stays one tap away above the frame.
 */
export function PdfViewerDialog({ name, onClose }: { name: PublicDownloadName | null; onClose: () => void }) {
  const doc = name ? publicDownload(name) : null;
  return (
    <Modal
      opened={doc !== null}
      onClose={onClose}
      title={doc?.title ?? ''}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {doc ? (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fz="sm" c="dimmed">
              {doc.description}.
            </Text>
            <Button component="a" href={publicDownloadUrl(doc.name)} download={doc.name}>
              Download
            </Button>
          </Group>
          <iframe
            src={publicDownloadUrl(doc.name, true)}
            title={doc.title}
            style={{ width: '100%', height: '70vh', border: '1px solid #dee2e6' }}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}

export type LandingDialog = { kind: 'prerequisites' } | { kind: 'viewer'; name: PublicDownloadName } | null;

/** Both dialogs, mounted together once one is first wanted, so later openings need no fetch. */
export function LandingDialogs({ dialog, onClose }: { dialog: LandingDialog; onClose: () => void }) {
  return (
    <>
      <PrerequisitesDialog opened={dialog?.kind === 'prerequisites'} onClose={onClose} />
      <PdfViewerDialog name={dialog?.kind === 'viewer' ? dialog.name : null} onClose={onClose} />
    </>
  );
}
