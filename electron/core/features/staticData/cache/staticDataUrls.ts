import type { EnvironmentOverrides } from '../../../platform/settings/environment';
import { DEFAULT_DDRAGON_URL, DEFAULT_GAME_CONSTANTS_URL } from '../arena/arenaPaths';
import { DEFAULT_CARD_DATA_URL } from '../cards/cardBundles';

/**
 * The static hosts: the publisher's, unless the environment (SIGHTLINE_DDRAGON_URL, SIGHTLINE_CARD_DATA_URL,
 * SIGHTLINE_GAME_CONSTANTS_URL, read and checked with the other variables) points elsewhere, as tests and the
 * simulator do.
 */

export interface StaticDataUrls {
  ddragonUrl: string;
  cardDataUrl: string;
  constantsUrl: string;
}

export function staticDataUrls(
  env: Pick<EnvironmentOverrides, 'ddragonUrl' | 'cardDataUrl' | 'constantsUrl'>,
): StaticDataUrls {
  return {
    ddragonUrl: env.ddragonUrl ?? DEFAULT_DDRAGON_URL,
    cardDataUrl: env.cardDataUrl ?? DEFAULT_CARD_DATA_URL,
    constantsUrl: env.constantsUrl ?? DEFAULT_GAME_CONSTANTS_URL,
  };
}
