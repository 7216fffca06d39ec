import { regionName } from '../card/regions';

/** A deck as people name it: its champions ("Garen / Lux"), or its regions when it has none the data names. */
export function deckName(deck: { deckChampions: string[]; deckRegions: string[] }): string {
  if (deck.deckChampions.length > 0) return deck.deckChampions.join(' / ');
  return deck.deckRegions.map(regionName).join(' / ') || 'Deck';
}
