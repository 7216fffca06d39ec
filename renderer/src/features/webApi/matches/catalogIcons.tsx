import { useMemo, type ReactNode } from 'react';
import type { ArenaCatalog } from '@shared/contract';
import { useArenaCatalog } from '../../staticData/useArenaCatalog';
import { MatchIconsProvider, TEXT_ONLY_ICONS, type MatchIconResolver } from './matchIcons';

/** Champion, item, summoner-spell and rune icons from the static data's arena catalog. */
export function catalogIconResolver(catalog: ArenaCatalog): MatchIconResolver {
  const champions = new Map<string, { name: string; imageUrl: string | null }>();
  for (const champion of catalog.champions) {
    champions.set(champion.key, champion);
    champions.set(champion.id, champion);
  }
  const items = new Map(catalog.items.map((item) => [item.id, item]));
  const spells = new Map(catalog.summonerSpells.map((spell) => [spell.key, spell]));
  const runes = new Map(catalog.runes.map((rune) => [rune.id, rune]));
  return {
    champion: (championId, championName) => {
      const champion = champions.get(String(championId)) ?? champions.get(championName);
      return champion?.imageUrl ? { src: champion.imageUrl, name: champion.name } : null;
    },
    item: (itemId) => {
      const item = items.get(String(itemId));
      return item?.imageUrl ? { src: item.imageUrl, name: item.name } : null;
    },
    summonerSpell: (spellId) => {
      const spell = spells.get(String(spellId));
      return spell?.imageUrl ? { src: spell.imageUrl, name: spell.name } : null;
    },
    rune: (runeId) => {
      const rune = runes.get(runeId);
      return rune?.imageUrl ? { src: rune.imageUrl, name: rune.name } : null;
    },
  };
}

/** Provides icons once the catalog is cached; until then (or without static data) the pages show text. */
export function StaticDataMatchIcons({ children }: { children: ReactNode }) {
  const catalog = useArenaCatalog();
  const resolver = useMemo(
    () => (catalog.data ? catalogIconResolver(catalog.data) : TEXT_ONLY_ICONS),
    [catalog.data],
  );
  return <MatchIconsProvider resolver={resolver}>{children}</MatchIconsProvider>;
}
