import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { NavLink, Stack, Text } from '@mantine/core';
import { ROLE_LABELS, type Role } from '../../../contract/roles';
import { paths } from '../paths';
import { visibleMenu, type MenuLink } from '../role-menu';

/** The role's side menu (backoffice.md section 2): only entries whose screens exist are listed. */
export function SideMenu({
  role,
  username,
  onNavigate,
}: {
  role: Role;
  username: string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const link = (entry: MenuLink) => (
    <NavLink
      key={entry.path}
      component={RouterNavLink}
      to={paths[entry.path]}
      label={entry.label}
      active={pathname === paths[entry.path]}
      onClick={onNavigate}
      fw={600}
    />
  );
  return (
    <Stack gap="md">
      <div>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          {ROLE_LABELS[role]}
        </Text>
        <Text fz="sm" fw={600} hiddenFrom="sm">
          Logged in as {username}
        </Text>
      </div>
      <nav aria-label="Main menu">
        {visibleMenu(role).map((entry) =>
          entry.kind === 'link' ? (
            link(entry)
          ) : (
            <NavLink key={entry.label} label={entry.label} defaultOpened fw={600}>
              {entry.links.map(link)}
            </NavLink>
          ),
        )}
      </nav>
    </Stack>
  );
}
