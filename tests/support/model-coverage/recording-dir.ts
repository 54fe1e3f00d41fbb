import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CoverageRecorder } from './recorder';
import { toRecordingFile } from './recording-file';

/**
 * Writes what one test file recorded into MODEL_COVERAGE_DIR, in a file of its own (vitest's workers, node and
 * browser suites alike, never share one); nothing when it recorded nothing.
 */
export function writeRecording(dir: string, testFile: string, recorder: CoverageRecorder): void {
  if (recorder.isEmpty) return;
  mkdirSync(dir, { recursive: true });
  const name = `${basename(testFile)}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`;
  writeFileSync(join(dir, name), JSON.stringify(toRecordingFile(recorder)));
}
