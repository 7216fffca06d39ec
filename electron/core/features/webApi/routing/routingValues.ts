import {
  PLATFORM_IDS,
  PLATFORM_REGION,
  REGIONS,
  type PlatformId,
  type Region,
  type RoutingValue,
} from '@shared/contract';

/** Which kind of host an endpoint takes (spec 1 §2.1), and, when narrower, which values of it. */
export interface RoutingRule {
  kind: 'platform' | 'region';
  /** The values this endpoint is served on; all of the kind when absent. */
  only?: readonly RoutingValue[];
}

export type RoutingCheck = { ok: true; value: RoutingValue } | { ok: false; message: string };

const isPlatform = (value: string): value is PlatformId =>
  (PLATFORM_IDS as readonly string[]).includes(value);
const isRegion = (value: string): value is Region => (REGIONS as readonly string[]).includes(value);

/**
 * Checks a routing value against what an endpoint takes, so a wrong kind, an unknown value (oce1 for
 * oc1) or a cluster the endpoint is not served on is refused here instead of earning a 403.
 */
export function checkRouting(rule: RoutingRule, raw: string, what: string): RoutingCheck {
  const value = raw.trim().toLowerCase();
  const allowed = rule.only ?? (rule.kind === 'platform' ? PLATFORM_IDS : REGIONS);
  if (rule.kind === 'region' && isPlatform(value)) {
    const region = PLATFORM_REGION[value];
    const suggestion = allowed.includes(region) ? ` Use ${region}, the region of ${value}.` : '';
    return {
      ok: false,
      message: `Wrong region for this endpoint: ${what} take a region (${allowed.join(', ')}), not the platform ${value}.${suggestion}`,
    };
  }
  if (rule.kind === 'platform' && isRegion(value)) {
    const examples = PLATFORM_IDS.filter((platform) => PLATFORM_REGION[platform] === value).join(', ');
    return {
      ok: false,
      message: `Wrong region for this endpoint: ${what} take a platform, not the region ${value}. Pick a platform such as ${examples}.`,
    };
  }
  if (!isPlatform(value) && !isRegion(value)) {
    const known = rule.kind === 'platform' ? PLATFORM_IDS : REGIONS;
    const guess = closest(value, known);
    const hint = guess ? ` Did you mean ${guess}?` : ` Known ${rule.kind}s: ${known.join(', ')}.`;
    return { ok: false, message: `Unknown ${rule.kind} "${raw.trim()}".${hint}` };
  }
  if (!allowed.includes(value)) {
    return {
      ok: false,
      message: `Wrong region for this endpoint: ${what} go to ${allowed.join(', ')}, not ${value}.`,
    };
  }
  return { ok: true, value };
}

/** The nearest known value within two edits (oce1 → oc1, euw → euw1), or null. */
function closest(value: string, known: readonly string[]): string | null {
  let best: { value: string; distance: number } | null = null;
  for (const candidate of known) {
    const distance = editDistance(value, candidate);
    if (distance <= 2 && (!best || distance < best.distance)) best = { value: candidate, distance };
  }
  return best?.value ?? null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

export function parsePlatform(raw: string): PlatformId | null {
  const value = raw.trim().toLowerCase();
  return isPlatform(value) ? value : null;
}
