import type { Request } from 'playwright-core';
import { paths } from '../src/web/app/paths';
import { launchChromium, newContext, PHONE, startE2eServer } from '../tests/support/e2e-server';
import { fillLandlordDetails, fillRentalUnit, latestOtpCode, snackbar } from '../tests/support/landlord-ui';

// `npx tsx bench/landlord-registration.bench.ts` (after `npm run build`): a new landlord registers end to end in
// Chromium at 360 px against the real server on a fresh embedded database: Register tab, EPIC, Next, Basic Details,
// Save, the OTP from the dev outbox, Verify, Rental Units, a new unit. It counts the requests the page made and
// reports, per step, the API calls and their server time (request sent -> first byte of the answer, on loopback).

interface Call {
  step: string;
  method: string;
  path: string;
  status: number;
  serverMs: number;
}

const API = '/mrssapi/mrss/v-1/';

async function main(): Promise<void> {
  const server = await startE2eServer();
  const browser = await launchChromium();
  const context = await newContext(browser, server.baseUrl, PHONE);
  const page = await context.newPage();
  const main = page.getByRole('main');
  const calls: Call[] = [];
  let requests = 0;
  let step = 'open the page';
  page.on('request', () => (requests += 1));
  page.on('requestfinished', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith(API)) return;
    const timing = request.timing();
    void request.response().then((response) =>
      calls.push({
        step,
        method: request.method(),
        path: url.pathname.slice(API.length),
        status: response?.status() ?? 0,
        serverMs: timing.responseStart - timing.requestStart,
      }),
    );
  });
  const epic = `BEN${`${Date.now()}`.slice(-7)}`;
  const email = `bench.${epic.toLowerCase()}@example.in`;
  try {
    await page.goto(paths.landlordLogin);
    await main.getByRole('tab', { name: 'Register' }).click();
    step = 'check the EPIC';
    await main.getByLabel(/^Epic Number/).fill(epic);
    await main.getByRole('button', { name: 'Next' }).click();
    await main.getByRole('tab', { name: 'Basic Details' }).waitFor();
    step = 'save the details';
    await fillLandlordDetails(main, email);
    await main.getByRole('button', { name: 'Save' }).click();
    await snackbar(page, 'Successfully Saved Landlord. Please login to proceed with further data entries.');
    const otp = main.getByLabel('Enter OTP');
    while (!(await otp.isEnabled())) await page.waitForTimeout(50);
    step = 'verify the OTP';
    await otp.fill(await latestOtpCode(page, email));
    await main.getByRole('button', { name: 'Verify' }).click();
    await snackbar(page, 'OTP has been successfully verified!');
    step = 'open Rental Units';
    const unitsTab = main.getByRole('tab', { name: 'Rental Units' });
    while (!(await unitsTab.isEnabled())) await page.waitForTimeout(50);
    await unitsTab.click();
    await main.getByRole('button', { name: 'New Rental Unit' }).click();
    step = 'add a rental unit';
    const dialog = page.getByRole('dialog', { name: 'New Rental Unit' });
    await fillRentalUnit(dialog);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await snackbar(page, 'Successfully Saved Rental Unit');
    await page.waitForTimeout(300);
  } finally {
    await context.close();
    await browser.close();
    await server.stop();
  }
  report(requests, calls);
}

function report(requests: number, calls: Call[]): void {
  console.log(
    `Landlord registration at 360 px: ${requests} requests in all, ${calls.length} of them API calls`,
  );
  console.log('step                 | API calls | slowest server ms | calls');
  const steps = [...new Set(calls.map((c) => c.step))];
  for (const name of steps) {
    const mine = calls.filter((c) => c.step === name);
    const slowest = Math.max(...mine.map((c) => c.serverMs));
    const list = mine.map((c) => `${c.method} ${c.path} ${c.status} ${c.serverMs.toFixed(1)}`).join('; ');
    console.log(
      `${name.padEnd(20)} | ${String(mine.length).padStart(9)} | ${slowest.toFixed(1).padStart(17)} | ${list}`,
    );
  }
  const slowest = calls.reduce((a, b) => (b.serverMs > a.serverMs ? b : a));
  console.log(
    `slowest call: ${slowest.method} ${slowest.path} ${slowest.serverMs.toFixed(1)} ms (${slowest.step})`,
  );
}

await main();
