import type { Result } from '@shared/contract/errors';
import type { ArenaData } from '../arena/arenaData';
import type { CardLocale } from '../cards/cardBundles';
import type { CardIndex } from '../cards/cardIndex';
import { loadArenaEntry } from './arenaCache';
import { createCacheLayout } from '../cacheLayout';
import { loadCardIndexFile } from './cardCache';

/**
 * Start-up read of the static data: the card index and the arena entry, each one file written at sync time and
 * checked for shape only, read in parallel. Target: ≤300 ms with every set cached. No network, no service needed,
 * so a bench can time exactly this.
 */

export interface WarmStart {
  arena: Result<ArenaData>;
  cards: Result<CardIndex>;
  elapsedMs: number;
}

export async function warmStartFromCache(
  cacheDir: string,
  locales: { locale: string; cardLocale: CardLocale },
): Promise<WarmStart> {
  const started = performance.now();
  const layout = createCacheLayout(cacheDir);
  const [arena, cards] = await Promise.all([
    loadArenaEntry(layout, locales.locale),
    loadCardIndexFile(layout, locales.cardLocale),
  ]);
  return {
    arena: arena.ok ? { ok: true, value: arena.data } : failure(arena),
    cards: cards.ok ? { ok: true, value: cards.index } : failure(cards),
    elapsedMs: performance.now() - started,
  };
}

function failure(load: { missing: boolean; message: string }): Result<never> {
  return { ok: false, error: { code: load.missing ? 'not-found' : 'io', message: load.message } };
}
