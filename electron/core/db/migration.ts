/**
 * One step of a database's schema (PRAGMA user_version). Each runs in one transaction with the version bump, so a
 * file is always at exactly one version. Append only: a shipped migration never changes, a new version adds one.
 */
export interface Migration {
  version: number;
  description: string;
  statements: string[];
}
