import { Link } from 'react-router';
import { Anchor, Group, UnstyledButton } from '@mantine/core';
import { DownloadFormsMenu } from '../../components/download-forms-menu';
import { builtNavEntries, type LandingCallbacks, type LandingNavEntry } from './landing-nav';

const linkStyle = { fontWeight: 600, fontSize: '0.9375rem', padding: '0.4rem 0.75rem' } as const;

/** One entry as a link, a dialog button or the downloads menu; null when its dialog is not wired (no dead entry). */
export function NavEntry({ entry, callbacks }: { entry: LandingNavEntry; callbacks: LandingCallbacks }) {
  const { target } = entry;
  if (target.kind === 'downloads') return <DownloadFormsMenu label={entry.label} />;
  if (target.kind === 'route') {
    return (
      <Anchor component={Link} to={target.path} c="govBlue.7" style={linkStyle}>
        {entry.label}
      </Anchor>
    );
  }
  const open = callbacks[target.callback];
  if (!open) return null;
  return (
    <UnstyledButton onClick={open} c="govBlue.7" style={linkStyle}>
      {entry.label}
    </UnstyledButton>
  );
}

/** The header's navigation on wide screens (md and up); phones get the same entries in the menu. */
export function LandingNavBar({
  callbacks,
  entries = builtNavEntries(),
}: {
  callbacks: LandingCallbacks;
  entries?: LandingNavEntry[];
}) {
  return (
    <Group component="nav" aria-label="Site" gap={4} wrap="nowrap" visibleFrom="md">
      {entries.map((entry) => (
        <NavEntry key={entry.key} entry={entry} callbacks={callbacks} />
      ))}
    </Group>
  );
}
