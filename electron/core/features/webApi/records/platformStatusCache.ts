import type { PlatformStatusView } from '@shared/contract';
import type { WebApiResult } from '../client/webApiProblem';

/** A platform's status changes over minutes; every page and window that shows it shares one call. */
export const PLATFORM_STATUS_TTL_MS = 5 * 60_000;

export type PlatformStatusLookup = (
  platform: string,
  locale: string,
  signal?: AbortSignal,
) => Promise<WebApiResult<PlatformStatusView>>;

/**
 * Answers from the last good answer for 5 minutes, and lets callers asking at the same time share one
 * call. A failure is not kept: the next ask tries again (the page shows nothing meanwhile).
 */
export function createPlatformStatusCache(
  lookup: PlatformStatusLookup,
  now: () => number,
  ttlMs = PLATFORM_STATUS_TTL_MS,
): PlatformStatusLookup {
  const kept = new Map<string, { at: number; answer: Promise<WebApiResult<PlatformStatusView>> }>();
  return (platform, locale, signal) => {
    const key = `${platform.trim().toLowerCase()}|${locale.trim()}`;
    const entry = kept.get(key);
    if (entry && now() - entry.at < ttlMs) return entry.answer;
    const answer = lookup(platform, locale, signal).then((result) => {
      if (!result.ok) kept.delete(key);
      return result;
    });
    kept.set(key, { at: now(), answer });
    return answer;
  };
}
