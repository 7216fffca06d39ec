import { DEFAULT_DDRAGON_URL, DEFAULT_GAME_CONSTANTS_URL } from '../arena/arenaPaths';
import { DEFAULT_CARD_DATA_URL } from '../cards/cardBundles';

/** The static hosts, overridable by environment variables so tests and the simulator can stand in for them. */

export const STATIC_DATA_ENVIRONMENT_VARIABLES = {
  ddragonUrl: 'SIGHTLINE_DDRAGON_URL',
  cardDataUrl: 'SIGHTLINE_CARD_DATA_URL',
  constantsUrl: 'SIGHTLINE_GAME_CONSTANTS_URL',
} as const;

export interface StaticDataUrls {
  ddragonUrl: string;
  cardDataUrl: string;
  constantsUrl: string;
}

export type StaticDataUrlsRead = { ok: true; urls: StaticDataUrls } | { ok: false; message: string };

export function readStaticDataUrls(env: NodeJS.ProcessEnv): StaticDataUrlsRead {
  const defaults: StaticDataUrls = {
    ddragonUrl: DEFAULT_DDRAGON_URL,
    cardDataUrl: DEFAULT_CARD_DATA_URL,
    constantsUrl: DEFAULT_GAME_CONSTANTS_URL,
  };
  const urls = { ...defaults };
  for (const key of Object.keys(STATIC_DATA_ENVIRONMENT_VARIABLES) as (keyof StaticDataUrls)[]) {
    const name = STATIC_DATA_ENVIRONMENT_VARIABLES[key];
    const value = env[name]?.trim();
    if (!value) continue;
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
      return { ok: false, message: `${name} must be an http(s) URL, got "${value}".` };
    }
    urls[key] = value.replace(/\/+$/, '');
  }
  return { ok: true, urls };
}
