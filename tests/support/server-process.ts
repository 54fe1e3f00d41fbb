import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * The REAL server, `node --import tsx src/server/main.ts`, as an operator starts it: on a port the OS picks,
 * with only the environment given here (plus PATH and HOME), so a DATABASE_URL in the test's own shell never
 * leaks in. For tests that start several servers, kill them or restart them on the same database.
 */
export interface ServerProcess {
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr), for assertions and failure messages. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** The base URL once the server listens; rejects if the process exits first or takes too long. */
  ready(timeoutMs?: number): Promise<string>;
  /** SIGTERM, then SIGKILL if it has not ended after 5 s. */
  stop(): Promise<void>;
}

export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let ended = false;
  void exited.then(() => (ended = true));

  const ready = async (timeoutMs = 90_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const match = /serving on (http:\/\/\S+)/.exec(output);
      if (match) return match[1].replace('localhost', '127.0.0.1');
      if (ended) throw new Error(`The server exited before listening.\n--- its output ---\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`The server did not listen within ${timeoutMs} ms.\n--- its output ---\n${output}`);
  };

  const stop = async () => {
    if (ended) return;
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(force);
  };

  return { child, output: () => output, exited, ready, stop };
}
