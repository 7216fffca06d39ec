import { createContext, useContext } from 'react';
/**
 * Where the scoreboard gets images: champion by key, item by id, summoner spell by key, rune by id (ability
 * icons come with their tooltips, per champion). Static data provides them; where it returns null the view
 * shows text.
 */
export interface IconResolver {
  champion(key: string): string | null;
  item(id: number): string | null;
  summonerSpell(key: string): string | null;
  rune(id: number): string | null;
}

/** No images at all: every icon falls back to its text tile. */
export const TEXT_ONLY_ICONS: IconResolver = {
  champion: () => null,
  item: () => null,
  summonerSpell: () => null,
  rune: () => null,
};

const IconResolverContext = createContext<IconResolver>(TEXT_ONLY_ICONS);

/** Wrap the app (or a view) in this to give the scoreboard real images. */
export const IconResolverProvider = IconResolverContext.Provider;

export function useIcons(): IconResolver {
  return useContext(IconResolverContext);
}
