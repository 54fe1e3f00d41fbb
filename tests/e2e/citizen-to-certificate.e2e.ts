import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, newContext } from '../support/e2e-server';
import { setUpE2eSuite } from '../support/e2e-suite';
import { applyForClearance } from '../support/journey/clearance-steps';
import {
  addRentalUnit,
  completeLandlordRegistration,
  startLandlordRegistration,
} from '../support/journey/landlord-steps';
import {
  actAndConfirm,
  listedIds,
  openApplication,
  openList,
  signedIn,
} from '../support/journey/official-steps';
import { addDocuments, addFamilyMember, addHelper, registerTenant } from '../support/journey/tenant-steps';
import { downloadCertificate, openVerifiedTracker } from '../support/journey/tracker-steps';
import { codeOnCertificate, openVerifyPage } from '../support/journey/verify-steps';
import { statusNotices } from '../support/landlord-ui';
import { recordApiCalls } from '../support/round-trips';
import { checkScreen } from './e2e-helpers';

// The whole story across issues 9 and 10, on a fresh server, in Chromium: a NEW landlord registers and adds a
// rental unit in the seeded moderator's ward; a NEW tenant registers with a family member, a helper and the three
// documents; the landlord applies for the tenant's clearance from the landing page and downloads the application;
// the ward's MODERATOR recommends it; the locality's SUPERMODERATOR accepts and certifies it; the landlord tracks it,
// sees it approved and downloads the certificate; the certificate's code verifies on the public page; the outbox
// holds one notice per step. The citizen's steps at desktop and at 360 px (the officials' at desktop); axe on
// every step. Reports the wall time and the sequential API round trips of each citizen step.

const e2e = setUpE2eSuite({ fakeCamera: true });

/** The seeded ward officer's ward (Laitumkhrah Main) and its locality officer (demo-hierarchy.ts). */
const WARD = 'Laitumkhrah Main';

async function officialsDecide(applid: number): Promise<void> {
  const moderator = await signedIn(e2e, 'moderator');
  try {
    await openList(moderator, 'Pending');
    expect(await listedIds(moderator)).toContain(applid);
    await openApplication(moderator, applid);
    await checkScreen(moderator, 'journey-moderator-detail', { fullPage: false });
    await actAndConfirm(
      moderator,
      'Recommend Approval',
      `Application ${applid} was recommended for approval and forwarded to the Locality.`,
    );
  } finally {
    await moderator.context().close();
  }
  const supermoderator = await signedIn(e2e, 'supermoderator');
  try {
    await openList(supermoderator, 'Pending');
    await openApplication(supermoderator, applid);
    await actAndConfirm(supermoderator, 'Accept', 'Successfully Approved Application');
    await openList(supermoderator, 'Approved');
    await openApplication(supermoderator, applid);
    await checkScreen(supermoderator, 'journey-supermoderator-approved', { fullPage: false });
    await actAndConfirm(supermoderator, 'Certify', new RegExp(`issued for application ${applid}\\.$`));
  } finally {
    await supermoderator.context().close();
  }
}

describe.each([
  { viewport: DESKTOP, label: 'desktop', prefix: 'JLD' },
  { viewport: PHONE, label: 'phone', prefix: 'JLP' },
])('from registration to a verified certificate ($label)', ({ viewport, label, prefix }) => {
  // The whole journey, five people in turn: alone it takes about a minute, but a CI machine running a Storybook
  // build beside it took it past the suite's two minutes, so it has its own limit (no time is asserted).
  it('a new landlord and tenant get a clearance certificate through the ward and the locality', async () => {
    const stamp = `${Date.now()}`.slice(-7);
    const epic = `${prefix}${stamp}`;
    const landlordEmail = `journey.landlord.${label}.${stamp}@example.in`;
    const tenantId = `JT${prefix.at(-1)}E${stamp}`;
    const tenantEmail = `journey.tenant.${label}.${stamp}@example.in`;
    const context = await newContext(e2e.browser, e2e.server.baseUrl, viewport);
    const page: Page = await context.newPage();
    const api = recordApiCalls(page);
    const check = (name: string) => checkScreen(page, `journey-${label}-${name}`, { fullPage: false });
    const step = (name: string) => void api.step(name);
    /** Each checked screen ends a step: the calls since the previous screen are what that action waited on. */
    const screen = (part: string) => async (name: string) => {
      step(`${part}: ${name}`);
      await check(`${part}-${name}`);
    };
    const started = performance.now();
    try {
      await startLandlordRegistration(page, epic, screen('landlord'));
      await completeLandlordRegistration(page, landlordEmail, screen('landlord'));
      await addRentalUnit(page, WARD, screen('landlord'));
      await screen('landlord')('2-unit-added');

      const { dialog } = await registerTenant(page, {
        tenantId,
        email: tenantEmail,
        phone: label === 'phone',
        check: screen('tenant'),
      });
      await addFamilyMember(page, dialog, screen('tenant'));
      await addHelper(page, dialog, screen('tenant'));
      await addDocuments(page, dialog, screen('tenant'));
      await screen('tenant')('11-documents-done');

      const landlord = { epicNo: epic, address: landlordEmail };
      const { applid } = await applyForClearance(page, {
        phone: label === 'phone',
        landlord,
        tenant: { epicNo: tenantId, name: 'Wanda Syiem' },
        check: (n) => check(`clearance-${n}`),
        // The clearance marks its own steps (one per action).
        step: (n) => step(`clearance: ${n}`),
      });

      await officialsDecide(applid);
      api.step('officials (other browsers)');

      const tracker = await openVerifiedTracker(page, label === 'phone', landlord, screen('tracker'));
      step('tracker: Verify');
      const { pdf } = await downloadCertificate(page, tracker, screen('tracker'), applid);
      step('tracker: Download Certificate');
      const code = codeOnCertificate(pdf);
      expect(code.startsWith(`${applid}-`)).toBe(true);
      await openVerifyPage(page, code);
      await screen('verify')('genuine');
      const wallMs = performance.now() - started;

      // One notice per step to the landlord: applied, recommended, accepted, certified.
      const notices = await statusNotices(page, landlordEmail, applid);
      expect(notices).toHaveLength(4);
      for (const words of [
        'Application is pending at Sub-Locality/Wards.',
        'Application is pending at Local Authority.',
        'Application has been approved.',
        'Application has been approved and the clearance certificate has been issued.',
      ]) {
        expect(notices.some((text) => text.includes(words))).toBe(true);
      }

      // Each action of the clearance, the tracker and the verify page waits on at most two round trips. The
      // registration screens are checked after several actions each (typing, pickers that load their choices,
      // Save): their calls are reported, not held to the goal (bench/landlord-registration.bench.ts measures those
      // steps one by one). A stretch that loads a page ('0-...', 'open') is the page's own load.
      const citizenSteps = api.steps.filter((s) => !s.step.startsWith('officials'));
      console.log(
        `journey (${label}): ${Math.round(wallMs)} ms in all; sequential round trips per citizen stretch: ` +
          citizenSteps.map((s) => `${s.step} ${s.sequential}`).join(', '),
      );
      const actions = citizenSteps.filter(
        (s) => /^(clearance|tracker|verify)/.test(s.step) && !/: (0-|open)/.test(s.step),
      );
      expect(actions.length).toBeGreaterThanOrEqual(9);
      for (const s of actions) expect(s.sequential, s.step).toBeLessThanOrEqual(2);
    } finally {
      await context.close();
    }
  }, 300_000);
});
