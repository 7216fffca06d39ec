import type { CardInfo } from '@shared/contract';

/** A card as the card tracker describes it, named by its code, with the region letters of the code as its faction. */
export const cardInfo = (code: string): CardInfo => ({
  code,
  name: code,
  cost: 1,
  region: null,
  faction: code.slice(2, 4),
  artUrl: null,
  champion: false,
});
