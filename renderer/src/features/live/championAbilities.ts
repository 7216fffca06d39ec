import type { ArenaSpellView, ChampionTooltip, LiveAbility } from '@shared/contract';

/** What static data says about one of the live player's abilities. */
export type AbilityData =
  { kind: 'passive'; passive: ChampionTooltip['passive'] } | { kind: 'spell'; spell: ArenaSpellView };

/**
 * Pairs a live ability with the champion's static data: by the spell id both use ("AhriOrbofDeception"), else
 * by slot, so a spell renamed in a patch still finds its text. Null when the data has no such ability.
 */
export function abilityDataFor(
  champion: ChampionTooltip | undefined,
  ability: LiveAbility,
): AbilityData | null {
  if (!champion) return null;
  if (ability.slot === 'Passive') return { kind: 'passive', passive: champion.passive };
  const spell =
    champion.spells.find((candidate) => candidate.id === ability.id) ??
    champion.spells.find((candidate) => candidate.slot === ability.slot);
  return spell ? { kind: 'spell', spell } : null;
}

export function abilityImageOf(data: AbilityData | null): string | null {
  if (!data) return null;
  return data.kind === 'passive' ? data.passive.imageUrl : data.spell.imageUrl;
}
