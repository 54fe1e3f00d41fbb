import { openPglite, openPostgres } from '../../src/server/db/client';
import { reserveAttempt, throttleKeys } from '../../src/server/security/signin-throttle';

// A sign-in process caught between reserving its attempt and settling it: it reserves exactly as
// signIn does, says so on stdout, then waits (as a sign-in waits on its Argon2id check) until the test kills it.
// Usage: node --import tsx tests/support/reserve-then-hang.ts <PGlite folder | postgres URL> <username> <ip> <now ms>

const [target, username, ip, nowMs] = process.argv.slice(2);
const handle = target.startsWith('postgres') ? await openPostgres(target, 1) : await openPglite(target);
const keys = throttleKeys({ username, ip, deviceId: null });
const outcome = await reserveAttempt(handle.db, keys, new Date(Number(nowMs)));
process.stdout.write(`${'reservation' in outcome ? 'reserved' : 'locked'}\n`);
setInterval(() => undefined, 60_000);
