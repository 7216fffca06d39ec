import { describe, expect, it } from 'vitest';
import { databaseUrlSecrets, redactDatabaseUrl, scrubSecrets } from './databaseUrl';

describe('a database URL shown or logged', () => {
  it('keeps host, port, user and database, and shows the password as ***', () => {
    expect(
      redactDatabaseUrl('postgres://desk:s3cr%40t@db.league.example:5433/sightline?sslmode=require'),
    ).toBe('postgres://desk:***@db.league.example:5433/sightline?sslmode=require');
    expect(redactDatabaseUrl('postgres://desk@db/sightline?password=hunter2')).toBe(
      'postgres://desk@db/sightline?password=***',
    );
    expect(redactDatabaseUrl('postgres://db/sightline')).toBe('postgres://db/sightline');
  });

  it('shows nothing of text that is not a URL', () => {
    expect(redactDatabaseUrl('desk:hunter2@db')).not.toContain('hunter2');
  });

  it('cuts the password, as written and decoded, out of a message', () => {
    const secrets = databaseUrlSecrets('postgres://desk:s3cr%40t@db/sightline');
    expect(scrubSecrets('auth failed for s3cr@t (s3cr%40t)', secrets)).toBe('auth failed for *** (***)');
  });
});
