import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { ArenaCatalog } from '@shared/contract';
import { useArenaCatalog } from '../staticData/useArenaCatalog';
import { IconResolverProvider, TEXT_ONLY_ICONS, type IconResolver } from './iconResolver';

/**
 * Champion, item, summoner-spell and rune images from the cached arena catalog. The live client names a
 * champion by its Data Dragon id ("MonkeyKing"), a spell by its id ("SummonerFlash") and a rune by its
 * number (8112).
 */
export function scoreboardIconResolver(catalog: ArenaCatalog): IconResolver {
  const champions = new Map(catalog.champions.map((champion) => [champion.id, champion.imageUrl]));
  const items = new Map(catalog.items.map((item) => [item.id, item.imageUrl]));
  const spells = new Map(catalog.summonerSpells.map((spell) => [spell.id, spell.imageUrl]));
  const runes = new Map(catalog.runes.map((rune) => [rune.id, rune.imageUrl]));
  return {
    champion: (key) => champions.get(key) ?? null,
    item: (id) => items.get(String(id)) ?? null,
    summonerSpell: (key) => spells.get(key) ?? null,
    rune: (id) => runes.get(id) ?? null,
  };
}

function StaticDataIcons({ children }: { children: ReactNode }) {
  const catalog = useArenaCatalog();
  const resolver = useMemo(
    () => (catalog.data ? scoreboardIconResolver(catalog.data) : TEXT_ONLY_ICONS),
    [catalog.data],
  );
  return <IconResolverProvider value={resolver}>{children}</IconResolverProvider>;
}

/** A scoreboard view with images once static data is cached (text tiles until then, or without it). */
export function withStaticDataIcons(View: ComponentType): ComponentType {
  function WithIcons() {
    return (
      <StaticDataIcons>
        <View />
      </StaticDataIcons>
    );
  }
  WithIcons.displayName = `WithStaticDataIcons(${View.displayName ?? View.name})`;
  return WithIcons;
}
