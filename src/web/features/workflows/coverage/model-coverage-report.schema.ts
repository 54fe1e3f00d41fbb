import { z } from 'zod';

/**
 * The shape of coverage/model/model-coverage.json (docs/model-coverage.md), in one place for both ends: the node
 * writer (tests/support/model-coverage/coverage-report.ts) builds values of these types, and the workflow gallery
 * parses a file a person opens with the same schema. Imports zod only, so the browser bundle takes nothing of node.
 * Ids are machineGraph's: state node ids and edge ids (machines/graph/machine-graph.ts).
 */

export const COVERAGE_SOURCE_KINDS = ['model path', 'unit test', 'browser journey'] as const;

export const coverageSourceSchema = z.object({
  kind: z.enum(COVERAGE_SOURCE_KINDS),
  /** Test file, relative to the repository. */
  file: z.string(),
  /** Full test name. */
  test: z.string(),
  /** For a model path: its events, in order. */
  path: z.string().optional(),
});

export const coverageItemSchema = z.object({
  covered: z.boolean(),
  /** How many distinct tests, paths or journeys took it; `by` keeps a few of them. */
  count: z.number().int().nonnegative(),
  by: z.array(coverageSourceSchema),
});

export const transitionCoverageSchema = coverageItemSchema.extend({
  source: z.string(),
  target: z.string(),
  /** As the diagrams write it: 'application.accept', 'after 1 s', 'loadFlow.error', 'always'. */
  event: z.string(),
  guard: z.string().nullable(),
  roles: z.array(z.string()),
  /** Why it is allowed to stay uncovered (the allowlist's reason). */
  allowlisted: z.string().optional(),
});

const ratioSchema = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);

export const machineCoverageSchema = z.object({
  /** The machine's own id (its state ids start with it). */
  id: z.string(),
  title: z.string(),
  states: z.record(z.string(), coverageItemSchema),
  transitions: z.record(z.string(), transitionCoverageSchema),
  summary: z.object({ states: ratioSchema, transitions: ratioSchema }),
});

export const modelCoverageReportSchema = z.object({
  /** ISO 8601 time the report was written. */
  generatedAt: z.iso.datetime({ offset: true }),
  recordingFiles: z.number().int().nonnegative(),
  /** Per registry name (machines/index.ts). */
  machines: z.record(z.string(), machineCoverageSchema),
  /** Transitions covered by nothing and not allowlisted: the gate fails when this is not empty. */
  uncovered: z.array(z.object({ machine: z.string(), id: z.string(), label: z.string() })),
  /** Allowlist entries naming no transition of their machine, or a transition that is covered after all. */
  staleAllowlist: z.array(z.object({ machine: z.string(), id: z.string(), problem: z.string() })),
});

export type CoverageSourceKind = (typeof COVERAGE_SOURCE_KINDS)[number];
export type CoverageSource = z.infer<typeof coverageSourceSchema>;
export type CoverageItem = z.infer<typeof coverageItemSchema>;
export type TransitionCoverage = z.infer<typeof transitionCoverageSchema>;
export type MachineCoverage = z.infer<typeof machineCoverageSchema>;
export type ModelCoverageReport = z.infer<typeof modelCoverageReportSchema>;
