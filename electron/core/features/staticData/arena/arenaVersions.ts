/**
 * Which Data Dragon version to use (spec §2.2, §9): the region's realm names the version it runs; a patch can have
 * more than one build (an extra build fixes an error), and the newest build of that patch is the one to use.
 * versions.json also lists old names ("lolpatch_3.7", "0.151.2"); only major.minor.build versions are considered.
 */

export interface ParsedVersion {
  major: number;
  minor: number;
  build: number;
}

export function parseVersion(text: string): ParsedVersion | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), build: Number(match[3]) };
}

export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return pa ? 1 : pb ? -1 : a.localeCompare(b);
  return pa.major - pb.major || pa.minor - pb.minor || pa.build - pb.build;
}

/** "14.1" for "14.1.2". */
export function patchOf(version: string): string | null {
  const parsed = parseVersion(version);
  return parsed ? `${parsed.major}.${parsed.minor}` : null;
}

/** The newest build listed for the patch, or null when the list has none. The list's order is not trusted. */
export function newestBuildOfPatch(versions: readonly string[], patch: string): string | null {
  const builds = versions.filter((version) => patchOf(version) === patch);
  return builds.length === 0 ? null : builds.reduce((best, v) => (compareVersions(v, best) > 0 ? v : best));
}

export function newestVersion(versions: readonly string[]): string | null {
  const valid = versions.filter((version) => parseVersion(version) !== null);
  return valid.length === 0 ? null : valid.reduce((best, v) => (compareVersions(v, best) > 0 ? v : best));
}

export type VersionChoice =
  | { ok: true; version: string; reason: 'realm' | 'realm-newer-build' | 'newest' }
  | { ok: false; message: string };

/**
 * The realm's patch at its newest build; without a realm, the newest version. A realm version missing from
 * versions.json is still used: the realm is what the region runs.
 */
export function chooseArenaVersion(versions: readonly string[], realmVersion: string | null): VersionChoice {
  if (realmVersion !== null && parseVersion(realmVersion)) {
    const patch = patchOf(realmVersion) ?? '';
    const newest = newestBuildOfPatch(versions, patch);
    if (newest !== null && compareVersions(newest, realmVersion) > 0) {
      return { ok: true, version: newest, reason: 'realm-newer-build' };
    }
    return { ok: true, version: realmVersion, reason: 'realm' };
  }
  const newest = newestVersion(versions);
  if (newest === null) return { ok: false, message: 'Data Dragon lists no usable version.' };
  return { ok: true, version: newest, reason: 'newest' };
}
