import { loadConfig } from './config';
import { startNotes } from './start-notes';
import { buildApp } from './app';
import { prepareDatabase, type Prepared } from './bootstrap';
import { DataDirInUseError } from './db/data-dir-lock';
import { KeyEncryptionError } from './security/key-encryption';
import { startNoticeRelay } from './notify/notice-relay';
import { startLogSealer } from './services/log-sealer';
import { systemClock } from './clock';

const startedAt = performance.now();
let config;
try {
  // `--demo` (what `npm start` passes) is the same as MRSS_DEMO=true: the demo is asked for, never the default.
  config = loadConfig(process.argv.includes('--demo') ? { ...process.env, MRSS_DEMO: 'true' } : process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

let prepared: Prepared;
try {
  prepared = await prepareDatabase(config);
} catch (err) {
  // A data folder another process holds is the operator's to sort out: say so plainly, with no stack trace.
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const { handle, demo } = prepared;
let app;
try {
  app = await buildApp({ db: handle.db, config });
} catch (err) {
  // Keys this server cannot open (no key in production, a wrong key) are the operator's to fix: say so plainly.
  if (!(err instanceof KeyEncryptionError)) throw err;
  console.error(err.message);
  await handle.close();
  process.exit(1);
}
await app.listen({ port: config.PORT, host: config.HOST });
// Status notices a previous process kept but never handed to the mail server or SMS gateway (a crash between a
// step's commit and the hand-over) go out now; then the relay looks again every minute.
const stopRelay = startNoticeRelay({
  db: handle.db,
  config,
  clock: systemClock,
  log: (message) => app.log.warn(message),
});
// The log records written since the last round join the tamper-evident chain every two seconds.
const stopSealer = startLogSealer({ db: handle.db, log: (message) => app.log.error(message) });

const address = `http://localhost:${(app.server.address() as { port: number }).port}`;
const ms = Math.round(performance.now() - startedAt);
for (const note of startNotes(config, address)) console.warn(note);
if (demo) {
  console.log(`Demo accounts (${demo.password ? `password: ${demo.password}` : demo.note}):`);
  for (const a of demo.accounts) console.log(`  ${a.username.padEnd(16)} ${a.role}`);
}
// The serving line comes last: whoever waits for it (an operator, a supervisor, a test) has everything above it.
console.log(`\nMRSS portal serving on ${address} (${handle.kind}, ready in ${ms} ms)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopRelay();
    stopSealer();
    void app
      .close()
      .then(() => handle.close())
      .finally(() => process.exit(0));
  });
}
