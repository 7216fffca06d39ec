import { describe, expect, it } from 'vitest';
import { stubNotice } from './tournamentSlice';

describe('stubNotice', () => {
  it('says a personal or production key is not a tournament key, and how to confirm one', () => {
    for (const keyKind of ['personal', 'production'] as const) {
      const notice = stubNotice(keyKind);
      expect(notice.kind).toBe('tournament-key');
      expect(notice.message).toMatch(
        new RegExp(`^A ${keyKind} key is not a tournament key: the tournament stub is used`),
      );
      expect(notice.message).toContain('“My key is tournament-enabled”');
    }
  });

  it('says a development key gets the stub', () => {
    expect(stubNotice('development')).toMatchObject({ kind: 'development-key' });
    expect(stubNotice('development').message).toMatch(/^Development key: the tournament stub is used/);
  });
});
