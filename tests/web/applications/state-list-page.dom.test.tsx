import { composeStories } from '@storybook/react-vite';
import * as stories from '../../../stories/applications/state-list-page.stories';
import { playEveryStory } from '../../support/play-stories';

// One status's applications opened from the lifecycle's live numbers: each view state, played in jsdom.
playEveryStory('state list stories', composeStories(stories));
