import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder holding the dumps of a migrated PGlite database: roles only, and with the demo seeded. */
    pgliteTemplateDir: string | undefined;
    /** The names of the migrated PostgreSQL template databases (roles only; with the demo), when the run has one. */
    postgresTemplates: Record<PgliteTemplateKind, string> | undefined;
  }
}

export type PgliteTemplateKind = 'roles' | 'demo';

export const pgliteTemplateFile = (dir: string, kind: PgliteTemplateKind): string =>
  path.join(dir, `pglite-${kind}.tar`);

const loaded = new Map<PgliteTemplateKind, Blob>();

/**
 * The dump a new in-memory PGlite starts from (tests/support/db-templates.global-setup.ts made it once for the
 * run), or null outside a Vitest run that made one (a bench script): then the caller migrates and seeds itself.
 */
export function pgliteTemplate(kind: PgliteTemplateKind): Blob | null {
  const cached = loaded.get(kind);
  if (cached) return cached;
  let dir: string | undefined;
  try {
    dir = inject('pgliteTemplateDir');
  } catch {
    return null; // not inside a Vitest worker
  }
  if (!dir) return null;
  const blob = new Blob([readFileSync(pgliteTemplateFile(dir, kind))]);
  loaded.set(kind, blob);
  return blob;
}

/** The PostgreSQL template database a new test database is copied from, or null (then it is migrated and seeded). */
export function postgresTemplateName(kind: PgliteTemplateKind): string | null {
  try {
    return inject('postgresTemplates')?.[kind] ?? null;
  } catch {
    return null; // not inside a Vitest worker
  }
}
