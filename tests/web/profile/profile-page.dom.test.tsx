import { composeStories } from '@storybook/react-vite';
import * as stories from '../../../stories/profile/profile-page.stories';
import { playEveryStory } from '../../support/play-stories';

playEveryStory('Profile page stories', composeStories(stories));
