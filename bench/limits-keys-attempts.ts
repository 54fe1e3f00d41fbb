import { randomBytes } from 'node:crypto';
import { API_BASE } from '../src/contract/api';
import { findHiddenCharacter } from '../src/contract/display-text';
import { landlordInputSchema } from '../src/contract/landlords.contract';
import { buildApp, type App } from '../src/server/app';
import { serverKeys } from '../src/server/db/schema';
import { ANONYMOUS_LIMIT } from '../src/server/security/anonymous-rate-limit';
import { clientIp } from '../src/server/security/client-ip';
import { startTestApp, TestClock, testConfig } from '../tests/support/test-app';
import { createTestDatabase } from '../tests/support/test-db';

// Issue 20, section 3 (names, proxies, flood limit, private key): each attack tried many times against the real
// app, counting how many got through (goal: 0). PGlite in memory.
//   npx tsx bench/limits-keys-attempts.ts
// Results: docs/measurements.md.

const rows: [string, number, number][] = [];
const record = (kind: string, attempts: number, through: number) => rows.push([kind, attempts, through]);
const randomIp = () =>
  `${1 + (randomBytes(1)[0] % 223)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function spoofedForwardedFor(): Promise<void> {
  for (const [setting, viaProxy] of [
    ['1', true],
    ['10.0.0.9,192.168.0.0/16', true],
    ['10.0.0.9,192.168.0.0/16', false],
  ] as const) {
    const t = await startTestApp('pglite', {
      demo: false,
      env: { TRUST_PROXY: setting },
      extend: (app) => app.get('/probe/ip', async (request) => ({ ip: clientIp(request) })),
    });
    let through = 0;
    const attempts = 500;
    for (let i = 0; i < attempts; i++) {
      const real = randomIp();
      const spoofed = Array.from({ length: 1 + (i % 3) }, randomIp).join(', ');
      // Through the proxy, the header arrives as '<what the client wrote>, <the address the proxy saw>'.
      const reply = await t.app.inject({
        method: 'GET',
        url: '/probe/ip',
        remoteAddress: viaProxy ? '10.0.0.9' : real,
        headers: { 'x-forwarded-for': viaProxy ? `${spoofed}, ${real}` : spoofed },
      });
      if (reply.json<{ ip: string }>().ip !== real) through += 1;
    }
    record(
      `X-Forwarded-For spoof, TRUST_PROXY=${setting}, ${viaProxy ? 'through the proxy' : 'direct'}`,
      attempts,
      through,
    );
    await t.close();
  }
}

async function floodOverReplicas(): Promise<void> {
  const database = await createTestDatabase('pglite', { demo: false });
  const clock = new TestClock();
  const apps: App[] = [];
  for (let i = 0; i < 3; i++) apps.push(await buildApp({ db: database.db, config: testConfig(), clock }));
  const addresses = 5;
  const perAddress = 3 * ANONYMOUS_LIMIT.max;
  let beyondBudget = 0;
  for (let a = 0; a < addresses; a++) {
    let ok = 0;
    for (let i = 0; i < perAddress; i++) {
      const reply = await apps[i % 3].inject({
        method: 'GET',
        url: `${API_BASE}/users/getcaptcha`,
        remoteAddress: `198.51.100.${a + 1}`,
      });
      if (reply.statusCode === 200) ok += 1;
    }
    beyondBudget += Math.max(0, ok - ANONYMOUS_LIMIT.max);
  }
  record(
    `anonymous requests beyond the budget (${addresses} addresses x ${perAddress}, 3 apps on one database)`,
    addresses * (perAddress - ANONYMOUS_LIMIT.max),
    beyondBudget,
  );
  for (const app of apps) await app.close();
  await database.dispose();
}

function hiddenCharacters(): void {
  const body = (firstName: string) => ({
    epicNo: 'ABC1234567',
    firstName,
    occupation: 'Teacher',
    mobile: '9863012345',
    permanentAddress: {
      address1: 'Mawlai',
      pinCode: '793008',
      district: { districtCode: '1701', statename: { stateCode: '17' } },
    },
    presentAddress: {
      address1: 'Mawlai',
      pinCode: '793008',
      district: { districtCode: '1701', statename: { stateCode: '17' } },
    },
  });
  // Every code point of the refused set, inside a name; and the joiners in Latin names, at either end and between.
  const refused: number[] = [];
  for (let cp = 1; cp <= 0xe0fff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    if (findHiddenCharacter(`I${String.fromCodePoint(cp)}ba`) !== null) refused.push(cp);
  }
  let through = 0;
  for (const cp of refused)
    if (landlordInputSchema.safeParse(body(`I${String.fromCodePoint(cp)}ba`)).success) through += 1;
  record(
    `names with an invisible or text-direction character (${refused.length} code points)`,
    refused.length,
    through,
  );
  const joinerSpoofs = ['\u200C', '\u200D'].flatMap((j) => [
    `${j}Iba`,
    `Iba${j} Rai`,
    `I${j}ba`,
    `Iba ${j}Rai`,
    `Ka ${j}क`,
  ]);
  record(
    'ZWNJ/ZWJ outside an Indic or Arabic context',
    joinerSpoofs.length,
    joinerSpoofs.filter((n) => landlordInputSchema.safeParse(body(n)).success).length,
  );
}

async function wrongKeys(): Promise<void> {
  const database = await createTestDatabase('pglite', { demo: false });
  const first = await buildApp({ db: database.db, config: testConfig() });
  const [row] = await database.db.select().from(serverKeys);
  const plainVisible = /PRIVATE KEY|^MII/.test(row.privateKeyPkcs8) ? 1 : 0;
  record('private key readable in server_keys (PEM or PKCS#8 base64)', 1, plainVisible);
  let started = 0;
  const attempts = 20;
  for (let i = 0; i < attempts; i++) {
    try {
      const app = await buildApp({
        db: database.db,
        config: testConfig({ MRSS_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') }),
      });
      started += 1;
      await app.close();
    } catch {
      // refused, as it should be
    }
  }
  record('server starts with a wrong key-encryption key', attempts, started);
  await first.close();
  await database.dispose();
}

await spoofedForwardedFor();
await floodOverReplicas();
hiddenCharacters();
await wrongKeys();
console.log('| Attempt | Tries | Got through |\n| --- | ---: | ---: |');
for (const [kind, attempts, through] of rows)
  console.log(`| ${kind} | ${attempts.toLocaleString('en')} | ${through} |`);
