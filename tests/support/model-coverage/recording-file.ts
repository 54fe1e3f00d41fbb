import type { CoverageRecorder, CoverageSource } from './recorder';

/*
 * One test file's recording as JSON (the sources once, then indexes into them), and the merge of many: each
 * vitest worker writes its own files into MODEL_COVERAGE_DIR, the report reads them all.
 */

export interface RecordingFile {
  sources: CoverageSource[];
  machines: Record<string, { transitions: Record<string, number[]>; states: Record<string, number[]> }>;
}

export function toRecordingFile(recorder: CoverageRecorder): RecordingFile {
  const keys = [...recorder.sources.keys()];
  const index = new Map(keys.map((key, at) => [key, at]));
  const indexes = (by: Map<string, Set<string>>) =>
    Object.fromEntries(
      [...by].map(([id, keysOf]) => [id, [...keysOf].map((key) => index.get(key) as number)]),
    );
  return {
    sources: keys.map((key) => recorder.sources.get(key) as CoverageSource),
    machines: Object.fromEntries(
      [...recorder.machines].map(([machineId, record]) => [
        machineId,
        { transitions: indexes(record.transitions), states: indexes(record.states) },
      ]),
    ),
  };
}

/** Per machine id, per transition or state id, the distinct sources that took it. */
export interface MergedRecording {
  transitions: Map<string, Map<string, CoverageSource[]>>;
  states: Map<string, Map<string, CoverageSource[]>>;
}

function add(
  into: Map<string, Map<string, CoverageSource[]>>,
  machineId: string,
  ids: Record<string, number[]>,
  sources: CoverageSource[],
  seen: Set<string>,
) {
  const byId = into.get(machineId) ?? new Map<string, CoverageSource[]>();
  into.set(machineId, byId);
  for (const [id, indexes] of Object.entries(ids)) {
    const list = byId.get(id) ?? [];
    byId.set(id, list);
    for (const at of indexes) {
      const source = sources[at];
      const key = `${machineId}\u0000${id}\u0000${JSON.stringify(source)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      list.push(source);
    }
  }
}

export function mergeRecordings(files: readonly RecordingFile[]): MergedRecording {
  const merged: MergedRecording = { transitions: new Map(), states: new Map() };
  const seen = new Set<string>();
  for (const file of files) {
    for (const [machineId, record] of Object.entries(file.machines)) {
      add(merged.transitions, machineId, record.transitions, file.sources, seen);
      add(merged.states, machineId, record.states, file.sources, seen);
    }
  }
  return merged;
}
