import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { afterAll, expect } from 'vitest';
import { startRecording } from './recorder';
import { toRecordingFile } from './recording-file';

/*
 * Vitest setup file, listed only when MODEL_COVERAGE_DIR is set (vitest.config.ts): records what this test file
 * takes through the machines and writes it to its own file in that folder (workers never share a file).
 */

const NAME_KEPT = 160;
const shorten = (name: string) => (name.length > NAME_KEPT ? `${name.slice(0, NAME_KEPT - 1)}…` : name);

const dir = process.env.MODEL_COVERAGE_DIR;
if (dir) {
  const { recorder, stop } = startRecording({
    file: () => relative(process.cwd(), expect.getState().testPath ?? 'unknown'),
    // Generated path tests are named after their whole path and context: the start is enough to find them.
    test: () => shorten(expect.getState().currentTestName ?? 'outside a test'),
  });
  afterAll(() => {
    const testFile = expect.getState().testPath ?? 'unknown';
    stop();
    if (recorder.isEmpty) return;
    mkdirSync(dir, { recursive: true });
    const name = `${basename(testFile)}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`;
    writeFileSync(join(dir, name), JSON.stringify(toRecordingFile(recorder)));
  });
}
