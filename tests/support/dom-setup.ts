import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { setProjectAnnotations } from '@storybook/react-vite';
import * as React from 'react';
import { afterEach } from 'vitest';
import previewAnnotations from '../../.storybook/preview';

/*
 * jsdom setup for *.dom.test.tsx: jest-dom matchers, the browser APIs Mantine expects and jsdom lacks, the
 * Storybook preview (providers and theme) for stories reused through composeStories, and cleanup after each test.
 * In a file that plays stories, drive the page with `userEvent` from 'storybook/test' (the copy the play functions
 * use): mixing it with @testing-library/user-event's own copy in one file leaves inputs deaf to React's onChange.
 */

// findBy* and waitFor give a lazily loaded chunk (a route, a dialog) up to 15 s, not the default 1 s: on a loaded
// CI machine the first import of a feature's module graph alone can take longer than a second.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no media queries. It answers as a system that asks for reduced motion (and nothing else), so Mantine's
// dialogs open without their fade (theme.respectReducedMotion): a story's check never meets a half-faded dialog.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Mantine scrolls the active option into view in comboboxes; jsdom has no layout to scroll.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// React's development build records an owner stack for every element it creates (an `Error` per `jsx()` call,
// about a seventh of a dialog test's CPU: docs/measurements.md). The stacks only decorate React's own warnings, and
// a test's failure message has its own trace, so the count that caps them is held past its cap.
const reactInternals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
  get: () => Number.POSITIVE_INFINITY,
  set: () => {},
  configurable: true,
});

setProjectAnnotations([previewAnnotations]);

afterEach(() => {
  cleanup();
  // Mantine portals (modals, notifications) live outside Testing Library's containers and would outlive a test.
  document.body.innerHTML = '';
  sessionStorage.clear();
});
