import '@mantine/core/styles/Alert.layer.css';
import { Alert, Box } from '@mantine/core';
import { DEMO_BANNER_SHORT_TEXT, DEMO_BANNER_TEXT } from '../../contract/demo-mode.contract';

/**
 * Says on every page that this server is a demonstration (docs/demo-and-production.md): anyone can read citizens'
 * one-time passwords at /dev/outbox. Sticky at the bottom of the viewport, so it stays in sight without covering
 * the back office's fixed header, and takes its own room at the end of the page, so it hides nothing for good.
 * Dark text on a pale amber (about 15:1) with an amber rule; above the page, below the shell's header and phone menu
 * (Mantine's app layer, z-index 100: the banner covered the menu's last links on a phone) and below dialogs (200).
 * On a phone it says the same in one short line (a stranger's test found the sentence took 111 of 740 px and hid the
 * landlord's Login button until scrolled); only one of the two texts is displayed, so a screen reader reads one.
 */
export function DemoBanner() {
  return (
    <Alert
      role="status"
      radius={0}
      py={6}
      px="md"
      styles={{
        root: {
          position: 'sticky',
          bottom: 0,
          zIndex: 99,
          background: '#fff3bf',
          borderTop: '3px solid #e67700',
        },
        message: {
          color: '#1a1a1a',
          fontSize: 'var(--mantine-font-size-sm)',
          fontWeight: 600,
          lineHeight: 1.35,
        },
      }}
    >
      <Box component="span" visibleFrom="sm">
        {DEMO_BANNER_TEXT}
      </Box>
      <Box component="span" hiddenFrom="sm">
        {DEMO_BANNER_SHORT_TEXT}
      </Box>
    </Alert>
  );
}
