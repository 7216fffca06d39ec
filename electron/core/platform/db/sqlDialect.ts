import type { SqlEngine } from './sqlDatabase';

/** The SQL the two engines spell differently: everything else is written once. */
export interface SqlDialect {
  /** A JSON text column with the keys of a JSON text parameter (`?`) set over it. */
  jsonMerge(column: string): string;
}

export const SQL_DIALECTS: Readonly<Record<SqlEngine, SqlDialect>> = {
  file: { jsonMerge: (column) => `json_patch(${column}, ?)` },
  postgres: { jsonMerge: (column) => `(${column}::jsonb || CAST(? AS jsonb))::text` },
};
