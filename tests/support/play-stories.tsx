import type { ComponentType } from 'react';
import { afterEach, describe, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { notifications } from '@mantine/notifications';

/** A story as composeStories gives it: a component with its play function. */
type PlayableStory = ComponentType & { play?: () => Promise<void> | void };

/** Empties Mantine's notifications after each test, so a snackbar of one test never shows in the next. */
export function clearNotificationsAfterEach(): void {
  afterEach(() =>
    act(() => {
      notifications.clean();
      notifications.cleanQueue();
    }),
  );
}

/** Renders every story of a file and plays it to its state (a failing play fails the test). */
export function playEveryStory(title: string, all: Record<string, PlayableStory>, timeout = 60_000): void {
  describe(title, () => {
    clearNotificationsAfterEach();
    it.each(Object.entries(all))(
      '%s plays to its state',
      async (_name, Story) => {
        render(<Story />);
        await Story.play?.();
      },
      timeout,
    );
  });
}
