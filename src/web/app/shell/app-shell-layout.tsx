import './staff-styles';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IdleGuard } from '../../features/auth/idle-guard';
import { installUnloadLogout } from '../../features/auth/logout';
import { TopBarSearch } from '../../features/search/top-bar-search';
import { SEARCH_ROLES } from '../../../contract/search.contract';
import { useStaffSession } from '../use-staff-session';
import { MAIN_CONTENT_ID } from '../../components/public-layout';
import { ModalsLayer } from '../modals-layer';
import { paths } from '../paths';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useLogoutConfirmation } from './use-logout-confirmation';

/** backoffice.md section 9: the side menu is 240 px wide. */
export const NAVBAR_WIDTH = 240;

/** The authenticated shell: top bar, role menu, the screen, and the idle guard. Rendered only with a session. */
export function AppShellLayout() {
  return (
    <ModalsLayer>
      <StaffShell />
    </ModalsLayer>
  );
}

function StaffShell() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const [navOpened, nav] = useDisclosure(false);
  const confirmLogout = useLogoutConfirmation();
  // backoffice.md section 4: closing or reloading the tab ends the session on the server too.
  useEffect(() => installUnloadLogout(), []);

  // RequireSession renders this only with a session; the check keeps the types honest after a logout.
  if (!session) return null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar
          username={session.username}
          navOpened={navOpened}
          onToggleNav={nav.toggle}
          onLogout={confirmLogout}
          search={(SEARCH_ROLES as readonly string[]).includes(session.role) ? <TopBarSearch /> : null}
        />
      </AppShell.Header>
      {/* The longest menus (a ward officer's) are taller than a phone's screen: the menu scrolls on its own. */}
      <AppShell.Navbar p="md" aria-label="Side menu" style={{ overflowY: 'auto' }}>
        <SideMenu role={session.role} username={session.username} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} bg="#f6f8fb">
        <Outlet />
      </AppShell.Main>
      <IdleGuard onExpired={() => navigate(paths.home, { replace: true })} />
    </AppShell>
  );
}
