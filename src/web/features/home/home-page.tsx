import './landing-styles';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Group } from '@mantine/core';
import type { PublicDownloadName } from '../../../contract/public-downloads.contract';
import { PublicLayout } from '../../components/public-layout';
import { DownloadsSection } from './downloads-section';
import { HeroSection } from './hero-section';
import { HowToApplySection } from './how-to-apply-section';
import type { LandingDialog } from './landing-dialogs';
import { LandingMobileMenu } from './landing-mobile-menu';
import type { LandingCallbacks } from './landing-nav';
import { LandingNavBar } from './landing-nav-bar';
import { TutorialsSection } from './tutorials-section';

const LandingDialogs = lazy(async () => ({ default: (await import('./landing-dialogs')).LandingDialogs }));

/**
 * The public landing page (public-portal.md section 2). The route supplies what belongs to other features: the
 * officials' Login and the citizen dialogs (`callbacks`); an entry whose flow is not built is not shown
 * (landing-nav.ts). The page's own dialogs (documents needed, the PDF viewers) load on first use.
 */
export function HomePage({
  onLogin,
  callbacks = {},
  initialDialog = null,
}: {
  onLogin: () => void;
  callbacks?: LandingCallbacks;
  /** For stories and tests: a dialog open from the start. */
  initialDialog?: LandingDialog;
}) {
  const [dialog, setDialog] = useState<LandingDialog>(initialDialog);
  const [wanted, setWanted] = useState(initialDialog !== null);
  const open = useCallback((next: LandingDialog) => {
    setWanted(true);
    setDialog(next);
  }, []);
  const onView = useCallback((name: PublicDownloadName) => open({ kind: 'viewer', name }), [open]);

  return (
    <PublicLayout
      headerActions={
        <Group gap="xs" wrap="nowrap">
          <LandingNavBar callbacks={callbacks} />
          <LandingMobileMenu callbacks={callbacks} onLogin={onLogin} />
        </Group>
      }
    >
      <HeroSection onLogin={onLogin} />
      <HowToApplySection onShowPrerequisites={() => open({ kind: 'prerequisites' })} />
      <TutorialsSection />
      <DownloadsSection onView={onView} />
      {wanted ? (
        <Suspense fallback={null}>
          <LandingDialogs dialog={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </PublicLayout>
  );
}
