import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows-of';

/**
 * One value per database handle, built on first use: the hot paths keep their prepared statements here, so the
 * SQL text is built once per process instead of on every request (docs/measurements.md).
 * Usage: `const lookup = perDatabase((db) => db.select(...).where(eq(t.id, sql.placeholder('id'))).prepare('x'));`
 * then `await lookup(db).execute({ id })`.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

/** A named SQL statement with $1..$n parameters, prepared once per connection by the driver. */
export interface NamedStatement {
  name: string;
  text: string;
}

interface QueryClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PgliteClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<unknown>;
}

/** The statement as Drizzle SQL, each $n replaced by its value as a bound parameter. */
function boundStatement(statement: NamedStatement, values: unknown[]): SQL {
  const chunks = statement.text.split(/\$(\d+)/);
  return sql.join(
    chunks.map((chunk, i) => (i % 2 === 1 ? sql`${values[Number(chunk) - 1]}` : sql.raw(chunk))),
  );
}

/**
 * Runs one statement on the driver under Drizzle (a `pg` pool or PGlite) and returns its rows. For the few
 * statements whose shape Drizzle cannot say in one round trip (data-modifying CTEs); each runs as its own
 * implicit transaction, so all of it or none of it is written. Values are $1..$n; pass dates as ISO strings.
 * Types come back as the driver parses them: cast in SQL to int, text, boolean or json.
 * Given a transaction (a `db.transaction` callback's handle, which has no `$client`), the statement runs on the
 * transaction's connection, unnamed, and commits or rolls back with it.
 */
export async function runStatement<Row>(
  db: Db,
  statement: NamedStatement,
  values: unknown[],
): Promise<Row[]> {
  const client = (db as unknown as { $client?: QueryClient | PgliteClient }).$client;
  if (!client) return rowsOf<Row>(await db.execute(boundStatement(statement, values)));
  const result =
    'exec' in client
      ? await client.query(statement.text, values)
      : await client.query({ name: statement.name, text: statement.text, values });
  return result.rows as Row[];
}
