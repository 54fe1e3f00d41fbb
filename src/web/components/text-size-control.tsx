import { useEffect, useSyncExternalStore } from 'react';
import { Group, UnstyledButton } from '@mantine/core';

/** The landing page's A- / A+ controls: every size in the app is in rem, so scaling the root font scales it all. */
const STEPS = [87.5, 100, 112.5, 125] as const;
const STORAGE_KEY = 'mrss.textScale';
const DEFAULT_STEP = 1;

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setStoredStep(step: number): void {
  localStorage.setItem(STORAGE_KEY, String(step));
  listeners.forEach((listener) => listener());
}

function readStep(): number {
  const stored = localStorage.getItem(STORAGE_KEY);
  const step = stored === null ? NaN : Number(stored);
  return Number.isInteger(step) && step >= 0 && step < STEPS.length ? step : DEFAULT_STEP;
}

/**
 * The prerendered page is built with the default size, so hydration starts from it (the server snapshot) and then
 * reads the visitor's stored choice: no mismatch, and A- / A+ are enabled as the stored size says.
 */
export function TextSizeControl({ color = 'white' }: { color?: string }) {
  const step = useSyncExternalStore(subscribe, readStep, () => DEFAULT_STEP);
  const setStep = setStoredStep;

  useEffect(() => {
    document.documentElement.style.fontSize = `${STEPS[step]}%`;
  }, [step]);

  const button = (label: string, text: string, next: number) => (
    <UnstyledButton
      aria-label={label}
      disabled={next < 0 || next >= STEPS.length}
      onClick={() => setStep(next)}
      px={6}
      fz="sm"
      fw={700}
      c={color}
      style={{ opacity: next < 0 || next >= STEPS.length ? 0.6 : 1 }}
    >
      {text}
    </UnstyledButton>
  );

  return (
    <Group gap={4} role="group" aria-label="Text size">
      {button('Decrease text size', 'A-', step - 1)}
      {button('Reset text size', 'A', DEFAULT_STEP)}
      {button('Increase text size', 'A+', step + 1)}
    </Group>
  );
}
