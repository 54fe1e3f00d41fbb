import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import { Link } from 'react-router';
import { Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { PUBLIC_DOWNLOADS, publicDownloadUrl } from '../../../contract/public-downloads.contract';
import { builtNavEntries, type LandingCallbacks, type LandingNavEntry } from './landing-nav';
import { MOBILE_MENU_LABEL } from './mobile-menu-label';

function DrawerEntry({
  entry,
  callbacks,
  onClose,
}: {
  entry: LandingNavEntry;
  callbacks: LandingCallbacks;
  onClose: () => void;
}) {
  const { target } = entry;
  if (target.kind === 'downloads') {
    return (
      <NavLink label={entry.label} childrenOffset="md" defaultOpened={false}>
        {PUBLIC_DOWNLOADS.map((d) => (
          <NavLink
            key={d.name}
            component="a"
            href={publicDownloadUrl(d.name)}
            download={d.name}
            label={`${d.title} (PDF)`}
          />
        ))}
      </NavLink>
    );
  }
  if (target.kind === 'route') {
    return <NavLink component={Link} to={target.path} label={entry.label} onClick={onClose} />;
  }
  const open = callbacks[target.callback];
  if (!open) return null;
  return (
    <NavLink
      component="button"
      label={entry.label}
      onClick={() => {
        onClose();
        open();
      }}
    />
  );
}

/** The phone menu: the header's entries (the same table) plus Login (public-portal.md section 2). */
export function MobileMenuDrawer({
  opened,
  onClose,
  callbacks,
  onLogin,
  entries = builtNavEntries(),
}: {
  opened: boolean;
  onClose: () => void;
  callbacks: LandingCallbacks;
  onLogin: () => void;
  entries?: LandingNavEntry[];
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={MOBILE_MENU_LABEL}
      position="right"
      size="85%"
      closeButtonProps={{ 'aria-label': 'Close the menu' }}
    >
      <Stack gap="xs" component="nav" aria-label="Site">
        {entries.map((entry) => (
          <DrawerEntry key={entry.key} entry={entry} callbacks={callbacks} onClose={onClose} />
        ))}
        <Divider my="xs" />
        <Button onClick={onLogin} fullWidth>
          Login
        </Button>
        <Text fz="xs" c="dimmed">
          Login is for officials of wards, localities, police stations and the department.
        </Text>
      </Stack>
    </Drawer>
  );
}
