import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';
import { DEMO_BANNER_TEXT } from '../../contract/demo-mode.contract';

/**
 * Says on every page that this server is a demonstration (docs/demo-and-production.md): anyone can read citizens'
 * one-time passwords at /dev/outbox. Sticky at the bottom of the viewport, so it stays in sight without covering
 * the back office's fixed header, and takes its own room at the end of the page, so it hides nothing for good.
 * Dark text on a pale amber (about 15:1) with an amber rule; above the shell (z-index 100), below dialogs (200).
 */
export function DemoBanner() {
  return (
    <Alert
      role="status"
      radius={0}
      py="xs"
      px="md"
      styles={{
        root: {
          position: 'sticky',
          bottom: 0,
          zIndex: 150,
          background: '#fff3bf',
          borderTop: '3px solid #e67700',
        },
        message: { color: '#1a1a1a', fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600 },
      }}
    >
      {DEMO_BANNER_TEXT}
    </Alert>
  );
}
