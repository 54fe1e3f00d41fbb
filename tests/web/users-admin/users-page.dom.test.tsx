import { composeStories } from '@storybook/react-vite';
import * as stories from '../../../stories/users-admin/users-page.stories';
import { playEveryStory } from '../../support/play-stories';

playEveryStory('Users page stories', composeStories(stories));
