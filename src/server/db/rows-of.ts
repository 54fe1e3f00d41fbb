/** The rows of a `db.execute(sql...)` result: node-postgres and PGlite both answer it with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
