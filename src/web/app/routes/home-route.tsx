import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Center, Loader, Overlay } from '@mantine/core';
import { HomePage } from '../../features/home/home-page';
import { paths } from '../paths';
import { useStaffSession } from '../use-staff-session';

const LoginDialog = lazy(async () => ({ default: (await import('./login-dialog-chunk')).LoginDialog }));
const TrackerDialog = lazy(async () => ({
  default: (await import('../../features/tracker/tracker-dialog')).TrackerDialog,
}));
const ClearanceDialog = lazy(async () => ({
  default: (await import('../../features/clearance/clearance-dialog')).ClearanceDialog,
}));

/** A citizen dialog fetched on its first opening, then kept mounted (hidden) so reopening is instant. */
type CitizenDialog = 'closed' | 'open' | 'hidden';

function OpeningLogin() {
  return (
    <Overlay fixed backgroundOpacity={0.35} zIndex={300}>
      <Center h="100%" role="status" aria-label="Opening the login dialog">
        <Loader color="white" />
      </Center>
    </Overlay>
  );
}

/** `/`: the landing page; a signed-in official goes straight to the dashboard (public-portal.md section 2). */
export function HomeRoute() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  // The dialog's code is fetched on the first click only, then stays mounted so closing and reopening is instant.
  const [wanted, setWanted] = useState(false);
  // The tracker dialog likewise: fetched on the first click of Track Application.
  const [tracker, setTracker] = useState<CitizenDialog>('closed');
  // And the clearance dialog, on the first click of Apply for Clearance.
  const [clearance, setClearance] = useState<CitizenDialog>('closed');

  if (session) return <Navigate to={paths.dashboard} replace />;

  // The dialog has saved the session by now (which alone would redirect); going on explicitly keeps it obvious.
  const onSignedIn = () => {
    setOpened(false);
    void navigate(paths.dashboard, { replace: true });
  };

  return (
    <>
      <HomePage
        onLogin={() => {
          setWanted(true);
          setOpened(true);
        }}
        callbacks={{
          onTrackApplication: () => setTracker('open'),
          onApplyClearance: () => setClearance('open'),
        }}
      />
      {tracker !== 'closed' ? (
        <Suspense fallback={null}>
          <TrackerDialog opened={tracker === 'open'} onClose={() => setTracker('hidden')} />
        </Suspense>
      ) : null}
      {clearance !== 'closed' ? (
        <Suspense fallback={null}>
          <ClearanceDialog opened={clearance === 'open'} onClose={() => setClearance('hidden')} />
        </Suspense>
      ) : null}
      {wanted ? (
        <Suspense fallback={<OpeningLogin />}>
          <LoginDialog opened={opened} onClose={() => setOpened(false)} onSignedIn={onSignedIn} />
        </Suspense>
      ) : null}
    </>
  );
}
