import { relative, sep } from 'node:path';
import { afterAll, expect } from 'vitest';

/*
 * Vitest setup file, listed only when MODEL_COVERAGE_DIR is set (vitest.config.ts): records what a machine test
 * file (tests/machines) takes through the machines and writes it to its own file in that folder (workers never
 * share a file). The server and contract files of the same project load nothing more than this file.
 */

const NAME_KEPT = 160;
const shorten = (name: string) => (name.length > NAME_KEPT ? `${name.slice(0, NAME_KEPT - 1)}…` : name);
const MACHINE_TESTS = `${sep}tests${sep}machines${sep}`;

const dir = process.env.MODEL_COVERAGE_DIR;
const testFile = expect.getState().testPath ?? '';
if (dir && testFile.includes(MACHINE_TESTS)) {
  const [{ startRecording }, { writeRecording }] = await Promise.all([
    import('./xstate-watch'),
    import('./recording-dir'),
  ]);
  const { recorder, stop } = startRecording({
    file: () => relative(process.cwd(), testFile),
    // Generated path tests are named after their whole path and context: the start is enough to find them.
    test: () => shorten(expect.getState().currentTestName ?? 'outside a test'),
  });
  afterAll(() => {
    stop();
    writeRecording(dir, testFile, recorder);
  });
}
