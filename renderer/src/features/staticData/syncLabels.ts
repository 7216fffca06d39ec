import { CARD_VERSION_PATTERN, cardBundleLabel } from '@shared/contract';
import type {
  StaticDataEstimate,
  StaticDataStatus,
  StaticDataSyncProgress,
  StaticDataSyncScope,
} from '@shared/contract';

/** Words and numbers of the sync's progress, kept apart from the components so they can be tested. */

const PHASES: Record<StaticDataSyncProgress['phase'], string> = {
  checking: 'Checking versions',
  downloading: 'Downloading',
  extracting: 'Unpacking',
  indexing: 'Indexing',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function progressHeadline(progress: StaticDataSyncProgress): string {
  const stage =
    progress.stage === 'arena'
      ? 'Arena game data'
      : progress.stage === 'cards'
        ? 'Card bundles'
        : 'Static data';
  return `${stage}: ${PHASES[progress.phase]}`;
}

export function scopeText(scope: StaticDataSyncScope): string {
  const parts: string[] = [];
  if (scope.arena) parts.push(`arena ${scope.arena.locale} (${scope.arena.region})`);
  if (scope.cards) {
    const sets = scope.cards.sets.length > 0 ? scope.cards.sets.map(cardBundleLabel).join(', ') : 'core only';
    const version = scope.cards.version ? ` · version ${scope.cards.version}` : '';
    parts.push(`cards ${scope.cards.locales.join(', ')} · ${scope.cards.variant} · ${sets}${version}`);
  }
  return parts.join(' — ');
}

/** "3 min ago", "just now": when a sync finished, for a line that is read at a glance. */
export function relativeTime(at: number, now: number, locale: string): string {
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return new Date(at).toLocaleDateString(locale);
}

/** "in 30 s", "in 4 min", "at 14:05": when the background sync tries again. */
export function retryText(at: number, now: number, locale: string): string {
  const seconds = Math.max(0, Math.round((at - now) / 1000));
  if (seconds < 90) return `in ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `in ${minutes} min`;
  return `at ${new Date(at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}`;
}

/** The sets to download: those the host has (the estimate asked it); undefined lets the core choose (all). */
export function publishedSets(estimate: StaticDataEstimate | undefined): string[] | undefined {
  const sets = new Set(
    (estimate?.cards ?? []).flatMap((cards) =>
      cards.bundles.filter((b) => b.name !== 'core' && b.status !== 'missing').map((b) => b.name),
    ),
  );
  return sets.size > 0 ? [...sets] : undefined;
}

/**
 * The sets a new sync starts with, so that the default download succeeds: those the host publishes (the
 * estimate asked it, a HEAD request per bundle). Until it has answered, or when it could not be asked, the sets
 * of this language already in the cache, else every set. Never the adventure bundle: it is synced when ticked.
 */
export function startingSets(
  status: Pick<StaticDataStatus, 'options' | 'cache'>,
  locale: string,
  estimate: StaticDataEstimate | undefined,
): string[] {
  const offered = new Set(status.options.sets.filter((set) => set.byDefault).map((set) => set.name));
  const published = publishedSets(estimate)?.filter((name) => offered.has(name));
  if (published && published.length > 0) return published;
  const cached = (status.cache.cards.find((entry) => entry.locale === locale)?.bundles ?? [])
    .map((bundle) => bundle.name)
    .filter((name) => offered.has(name));
  return cached.length > 0 ? [...new Set(cached)] : [...offered];
}

/** The sets the host does not publish, by the names players know them by. */
export function unpublishedSets(estimate: StaticDataEstimate | undefined): string[] {
  const missing = (estimate?.cards ?? []).flatMap((cards) =>
    cards.bundles.filter((bundle) => bundle.status === 'missing').map((bundle) => bundle.name),
  );
  return [...new Set(missing)];
}

/** A typed card-data version: "" or "latest" is latest (null), "4_3_0" a version, anything else a sentence. */
export function parseCardVersion(
  text: string,
): { ok: true; version: string | null } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'latest') return { ok: true, version: null };
  if (CARD_VERSION_PATTERN.test(trimmed)) return { ok: true, version: trimmed };
  return { ok: false, message: `"${trimmed}" is not a version; write it like 4_3_0, or latest.` };
}
