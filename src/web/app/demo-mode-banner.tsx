import { lazy, Suspense, useEffect, useState } from 'react';
import { DEMO_MODE_URL, isDemoModeReply } from '../../contract/demo-mode.contract';

// The banner's view (and Mantine's Alert) loads only on a demonstration server: a deployment's pages pay one small,
// cached call after the first paint and nothing else (docs/landing-page.md budgets).
const DemoBanner = lazy(async () => ({ default: (await import('../components/demo-banner')).DemoBanner }));

let asked: Promise<boolean> | undefined;

/** Whether this server's outbox is readable (`GET public/demo-mode`), asked once per page load; a failure means no. */
export function loadDemoMode(): Promise<boolean> {
  asked ??= fetch(DEMO_MODE_URL, { headers: { Accept: 'application/json' } })
    .then(async (res) => res.ok && isDemoModeReply(await res.json()))
    .catch(() => false);
  return asked;
}

/** Forgets the answer (tests). */
export function forgetDemoMode(): void {
  asked = undefined;
}

/** The demonstration-mode banner on every page, public portal and back office alike, when the server says so. */
export function DemoModeBanner({ load = loadDemoMode }: { load?: () => Promise<boolean> }) {
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let current = true;
    void load().then((answer) => {
      if (current) setDemo(answer);
    });
    return () => {
      current = false;
    };
  }, [load]);
  if (!demo) return null;
  return (
    <Suspense fallback={null}>
      <DemoBanner />
    </Suspense>
  );
}
