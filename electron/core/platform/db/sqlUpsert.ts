/**
 * `INSERT … ON CONFLICT (key) DO UPDATE` of every column: the row as given, whether or not it was there
 * (SQLite's INSERT OR REPLACE, written so PostgreSQL runs it too).
 */
export function upsertStatement(table: string, columns: readonly string[], key: readonly string[]): string {
  const updated = columns.filter((column) => !key.includes(column));
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
    ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${updated.map((column) => `${column} = excluded.${column}`).join(', ')}`;
}
