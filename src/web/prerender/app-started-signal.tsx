import { useEffect, type ReactNode } from 'react';
import { announceAppStarted } from './boot-protocol';

/**
 * Wraps the app in main.tsx and in the prerender (render-page.tsx), so both trees have the same shape. Renders
 * nothing of its own; its effect runs once the hydration of the page has been committed (a root's effects run
 * after its children's), which is when the loader (boot.ts) hands the clicks it kept back to the page.
 */
export function AppStartedSignal({ children }: { children: ReactNode }) {
  useEffect(() => announceAppStarted(), []);
  return children;
}
