import { setUpE2eSuite } from '../support/e2e-suite';
import { describeMenuWalk } from '../support/journey/menu-walk';

// The first half of the roles (admin, supervisor, verifier, user) open every entry of their menus, each screen
// checked at 1280 px and at 360 px (tests/support/journey/menu-walk.ts says what is checked).

describeMenuWalk(setUpE2eSuite(), 'first');
