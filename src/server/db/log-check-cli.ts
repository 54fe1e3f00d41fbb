import { loadConfig } from '../config';
import { checkLogChain } from '../services/log-chain-check';
import { openDatabase } from './client';
import { DataDirInUseError } from './data-dir-lock';

// Checks the tamper-evident chain of the log records (docs/log-records.md) on the database the server uses
// (DATABASE_URL, or the PGlite folder DATA_DIR while the server is stopped). Exit 0: intact; 1: broken; 2: could
// not check. Usage: npm run log:check [-- --head <seq>:<hash>]  (a head noted earlier from this command or the
// Log Records page: also proves the chain still reaches it unchanged; --no-seal: only read, e.g. on a read-only
// replica, counting the records not sealed yet instead of sealing them first).
const USAGE = 'Usage: npm run log:check [-- [--no-seal] [--head <seq>:<sha256 hex>]]';

function parseHead(args: string[]): { seq: number; hash: string } | undefined | 'bad' {
  if (args.length === 0) return undefined;
  const match =
    args[0] === '--head' && args.length === 2 ? /^(\d{1,15}):([0-9a-f]{64})$/.exec(args[1]) : null;
  return match ? { seq: Number(match[1]), hash: match[2] } : 'bad';
}

const args = process.argv.slice(2);
const seal = !args.includes('--no-seal');
const expectHead = parseHead(args.filter((arg) => arg !== '--no-seal'));
if (expectHead === 'bad') {
  console.error(USAGE);
  process.exit(2);
}

let exitCode = 2;
try {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const report = await checkLogChain(handle.db, { expectHead, seal });
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite folder ${config.DATA_DIR}`;
    console.log(
      `Log chain of ${where}: ${report.checked} sealed record(s) checked in ${report.durationMs} ms.`,
    );
    if (report.brokenAt) {
      console.log(`BROKEN at place ${report.brokenAt.seq}: ${report.brokenAt.message}`);
    } else {
      console.log('Intact.');
      if (report.head) console.log(`Head: ${report.head.seq}:${report.head.hash} (record ${report.head.id})`);
    }
    console.log(`${report.unsealed} record(s) not sealed yet (not checked).`);
    exitCode = report.intact ? 0 : 1;
  } finally {
    await handle.close();
  }
} catch (err) {
  console.error(
    err instanceof DataDirInUseError ? err.message : `Could not check the log: ${(err as Error).message}`,
  );
}
process.exit(exitCode);
