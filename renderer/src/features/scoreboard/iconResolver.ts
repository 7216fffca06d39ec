import { createContext, useContext } from 'react';
import type { AbilitySlot } from '@shared/contract';

/**
 * Where the scoreboard gets images: champion by key, item by id, summoner spell by key, rune by id,
 * ability by champion and slot. Static data provides them; where it returns null the view shows text.
 */
export interface IconResolver {
  champion(key: string): string | null;
  item(id: number): string | null;
  summonerSpell(key: string): string | null;
  rune(id: number): string | null;
  ability(championKey: string, slot: AbilitySlot, abilityId: string): string | null;
  /** The ability's tooltip text from static data, when there is one; its name is shown otherwise. */
  abilityText?(championKey: string, slot: AbilitySlot, abilityId: string): string | null;
}

/** No images at all: every icon falls back to its text tile. */
export const TEXT_ONLY_ICONS: IconResolver = {
  champion: () => null,
  item: () => null,
  summonerSpell: () => null,
  rune: () => null,
  ability: () => null,
};

const IconResolverContext = createContext<IconResolver>(TEXT_ONLY_ICONS);

/** Wrap the app (or a view) in this to give the scoreboard real images. */
export const IconResolverProvider = IconResolverContext.Provider;

export function useIcons(): IconResolver {
  return useContext(IconResolverContext);
}
