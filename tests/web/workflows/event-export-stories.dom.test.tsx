import { composeStories } from '@storybook/react-vite';
import * as stories from '../../../stories/workflows/event-export.stories';
import { playEveryStory } from '../../support/play-stories';

// Every view state of the event-log export panel (idle, exporting, done, empty, failed, cancelled, phone), played.

playEveryStory('event-log export stories', composeStories(stories));
