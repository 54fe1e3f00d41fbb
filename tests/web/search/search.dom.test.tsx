import { afterEach, describe, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { composeStories } from '@storybook/react-vite';
import * as stories from '../../../stories/search/search.stories';

// Every state of the search dialog and the update-tenant page, as its story plays it (docs/search.md).

const all = composeStories(stories);

afterEach(() =>
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  }),
);

describe('search stories', () => {
  it.each(Object.entries(all))(
    '%s plays to its state',
    async (_name, Story) => {
      render(<Story />);
      await Story.play?.();
    },
    30_000,
  );
});
