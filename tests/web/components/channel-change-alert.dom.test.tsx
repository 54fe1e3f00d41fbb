import { composeStories } from '@storybook/react-vite';
import * as stories from '../../../stories/components/channel-change-alert.stories';
import { playEveryStory } from '../../support/play-stories';

playEveryStory('Channel change alert stories', composeStories(stories));
