import { lazy, Suspense, useState } from 'react';
import { Burger } from '@mantine/core';
import type { LandingCallbacks } from './landing-nav';

// The drawer (Mantine's modal stack) is fetched on the first tap only: the Burger alone is in the first load.
const MobileMenuDrawer = lazy(async () => ({
  default: (await import('./mobile-menu-drawer')).MobileMenuDrawer,
}));

/** Phones and narrow windows (below Mantine's md breakpoint): the navigation and Login behind a Burger. */
export function LandingMobileMenu({
  callbacks,
  onLogin,
  initiallyOpen = false,
}: {
  callbacks: LandingCallbacks;
  onLogin: () => void;
  initiallyOpen?: boolean;
}) {
  const [opened, setOpened] = useState(initiallyOpen);
  const [wanted, setWanted] = useState(initiallyOpen);
  return (
    <>
      <Burger
        hiddenFrom="md"
        opened={opened}
        onClick={() => {
          setWanted(true);
          setOpened((o) => !o);
        }}
        aria-label={opened ? 'Close the menu' : 'Open the menu'}
        aria-expanded={opened}
        color="govBlue.7"
      />
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuDrawer
            opened={opened}
            onClose={() => setOpened(false)}
            callbacks={callbacks}
            onLogin={() => {
              setOpened(false);
              onLogin();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
