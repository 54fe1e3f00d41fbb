import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

// Every connection the server opens runs prepared statements on their generic plan and never JIT-compiles them
// (db/client.ts): with JIT on, a generic list plan was compiled on every run, 20-250 ms for a 0.5 ms query.

describe.each(testDatabases())('connection settings on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind, { demo: false });
  });
  afterAll(() => t.dispose());

  const setting = async (name: 'jit' | 'plan_cache_mode') => {
    const result: unknown = await t.db.execute(sql`select current_setting(${name}) as value`);
    return (result as { rows: { value: string }[] }).rows[0].value;
  };

  it('uses generic plans and no JIT on every connection', async () => {
    // Several at once, so a pool opens more than one connection.
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => [await setting('plan_cache_mode'), await setting('jit')]),
    );
    for (const answer of answers) expect(answer).toEqual(['force_generic_plan', 'off']);
  });
});
