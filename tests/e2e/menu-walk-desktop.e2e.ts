import { DESKTOP } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { describeMenuWalk } from '../support/journey/menu-walk';

// Every role opens every entry of its menu at 1280 px (tests/support/journey/menu-walk.ts says what is checked).

describeMenuWalk(setUpE2eSuite(), 'desktop', DESKTOP);
