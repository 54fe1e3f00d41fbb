import { loadConfig } from './config';
import { buildApp } from './app';
import { prepareDatabase } from './bootstrap';

const startedAt = performance.now();
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const { handle, demo } = await prepareDatabase(config);
const app = await buildApp({ db: handle.db, config });
await app.listen({ port: config.PORT, host: config.HOST });

const address = `http://localhost:${(app.server.address() as { port: number }).port}`;
const ms = Math.round(performance.now() - startedAt);
console.log(`\nMRSS portal serving on ${address} (${handle.kind}, ready in ${ms} ms)`);
if (demo) {
  console.log(`Demo accounts (password: ${demo.password}):`);
  for (const a of demo.accounts) console.log(`  ${a.username.padEnd(16)} ${a.role}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => handle.close())
      .finally(() => process.exit(0));
  });
}
