import {
  formatByteSize,
  type GameCfgView,
  type StaticDataCacheSummary,
  type StaticDataEstimate,
} from '@shared/contract';

/** The guide's sentences from the core's values, kept apart from the components so they can be tested. */

export interface EstimateSummary {
  /** "12.4 MB", "about 12.4 MB", or null when nothing needs downloading. */
  total: string | null;
  /** One line per game: what would come down. */
  lines: string[];
  /** Sets the host does not publish (left out of the download). */
  unpublished: string[];
  /**
   * The headline when nothing needs downloading. "Everything" only when no set was left out: a set the host
   * lacks leaves its cards without names on the deck pages, and this line must not say otherwise.
   */
  settled: string;
}

export const ALL_DOWNLOADED = 'Everything is downloaded and current';

export function estimateSummary(estimate: StaticDataEstimate): EstimateSummary {
  const lines: string[] = [];
  const size = (bytes: number): string => formatByteSize(bytes);
  const { arena } = estimate;
  if (arena) {
    lines.push(
      arena.status === 'cached'
        ? `Arena game ${arena.version} (${arena.locale}): already downloaded`
        : `Arena game ${arena.version} (${arena.locale}): ${size(arena.bytes)} of data files, icons and champion details`,
    );
  }
  const unpublished: string[] = [];
  for (const cards of estimate.cards) {
    const wanted = cards.bundles.filter((bundle) => bundle.status !== 'missing');
    unpublished.push(...cards.bundles.filter((b) => b.status === 'missing').map((b) => b.label));
    const parts = wanted.map((bundle) =>
      bundle.status === 'cached' ? `${bundle.label} current` : `${bundle.label} ${size(bundle.bytes)}`,
    );
    if (parts.length > 0) lines.push(`Cards (${cards.locale}): ${parts.join(', ')}`);
  }
  const total =
    estimate.totalBytes > 0 ? `${estimate.approximate ? 'about ' : ''}${size(estimate.totalBytes)}` : null;
  const left = [...new Set(unpublished)];
  const settled =
    left.length === 0
      ? ALL_DOWNLOADED
      : `What the hosts publish is downloaded and current; ${left.join(', ')} ${left.length === 1 ? 'is' : 'are'} not published there, so ${left.length === 1 ? 'its' : 'their'} cards show without names`;
  return { total, lines, unpublished, settled };
}

export type FoundTone = 'ok' | 'wait' | 'off';

export function gameCfgFinding(view: GameCfgView | undefined): { text: string; tone: FoundTone } {
  if (!view) return { text: 'looking…', tone: 'off' };
  const files = view.candidates.filter((candidate) => candidate.exists);
  if (files.length === 0) return { text: 'no game.cfg found', tone: 'wait' };
  const on = files.filter((candidate) => candidate.setting === 'enabled').length;
  const found = files.length === 1 ? '1 game.cfg found' : `${files.length} game.cfg files found`;
  if (on === files.length) return { text: `${found}, replay API on`, tone: 'ok' };
  return { text: `${found}, replay API ${on === 0 ? 'off' : `on in ${on}`}`, tone: 'wait' };
}

export function gameDataFinding(cache: StaticDataCacheSummary | null | undefined): {
  text: string;
  tone: FoundTone;
} {
  if (!cache) return { text: 'looking…', tone: 'off' };
  const arena = cache.arena[0];
  const cards = cache.cards.filter((entry) => entry.bundles.length > 0);
  if (!arena && cards.length === 0) return { text: 'not downloaded yet', tone: 'wait' };
  const parts = [
    ...(arena ? [`arena ${arena.version} ${arena.locale}`] : []),
    ...cards.map((entry) => `${entry.cards} cards ${entry.locale}`),
  ];
  return { text: parts.join(', '), tone: arena && cards.length > 0 ? 'ok' : 'wait' };
}
