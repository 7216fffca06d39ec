import { describe, expect, it } from 'vitest';
import { postgresPlaceholders } from './postgresPlaceholders';

describe('a statement written for SQLite, numbered for PostgreSQL', () => {
  it('numbers ? in order and keeps ?N as $N', () => {
    expect(postgresPlaceholders('SELECT * FROM codes WHERE code = ? AND status = ?')).toBe(
      'SELECT * FROM codes WHERE code = $1 AND status = $2',
    );
    expect(postgresPlaceholders('DELETE FROM t WHERE a = ?1 AND b <= ?12 AND c = ?1')).toBe(
      'DELETE FROM t WHERE a = $1 AND b <= $12 AND c = $1',
    );
  });

  it('leaves a ? in a quoted string, a quoted name or a comment as it is', () => {
    expect(postgresPlaceholders(`SELECT 'why?', 'it''s ?', "odd?name" FROM t -- really?\nWHERE a = ?`)).toBe(
      `SELECT 'why?', 'it''s ?', "odd?name" FROM t -- really?\nWHERE a = $1`,
    );
  });
});
