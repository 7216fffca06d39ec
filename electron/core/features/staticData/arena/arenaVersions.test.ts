import { describe, expect, it } from 'vitest';
import {
  chooseArenaVersion,
  compareVersions,
  newestBuildOfPatch,
  newestVersion,
  patchOf,
} from './arenaVersions';

// As published: newest first, with old names at the end. The order is not relied on.
const versions = ['14.2.1', '14.1.2', '14.1.1', '13.24.1', '13.3.1', '0.151.2', 'lolpatch_3.7'];

describe('arena versions', () => {
  it('compares numerically, not as text', () => {
    expect(compareVersions('13.24.1', '13.3.1')).toBeGreaterThan(0);
    expect(compareVersions('14.1.10', '14.1.9')).toBeGreaterThan(0);
    expect(compareVersions('lolpatch_3.7', '0.151.2')).toBeLessThan(0);
    expect(patchOf('14.1.2')).toBe('14.1');
    expect(patchOf('lolpatch_3.7')).toBeNull();
  });

  it('picks the newest build of a patch whatever the list order', () => {
    expect(newestBuildOfPatch(versions, '14.1')).toBe('14.1.2');
    expect(newestBuildOfPatch([...versions].reverse(), '14.1')).toBe('14.1.2');
    expect(newestBuildOfPatch(versions, '12.1')).toBeNull();
    expect(newestVersion([...versions].reverse())).toBe('14.2.1');
  });

  it("uses the realm's patch at its newest build", () => {
    expect(chooseArenaVersion(versions, '14.1.1')).toEqual({
      ok: true,
      version: '14.1.2',
      reason: 'realm-newer-build',
    });
    expect(chooseArenaVersion(versions, '13.24.1')).toEqual({
      ok: true,
      version: '13.24.1',
      reason: 'realm',
    });
    // The region runs a version the list does not have yet: the realm wins.
    expect(chooseArenaVersion(versions, '14.3.1')).toEqual({ ok: true, version: '14.3.1', reason: 'realm' });
  });

  it('falls back to the newest version without a realm, and says when there is none', () => {
    expect(chooseArenaVersion(versions, null)).toEqual({ ok: true, version: '14.2.1', reason: 'newest' });
    expect(chooseArenaVersion(['lolpatch_3.7'], null)).toMatchObject({ ok: false });
  });
});
