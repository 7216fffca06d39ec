import type { ArenaImage } from './arenaSchemas';

/**
 * Data Dragon paths (spec §4.1), relative to the host, without a leading slash. The same relative path names the
 * remote file (joined to the base URL) and its copy in the cache, which mirrors the host's layout.
 */

export const DEFAULT_DDRAGON_URL = 'https://ddragon.leagueoflegends.com';
export const DEFAULT_GAME_CONSTANTS_URL = 'https://static.developer.riotgames.com/docs/lol';

export type ArenaDataFile = 'champion' | 'item' | 'summoner' | 'profileicon' | 'runesReforged';

export const arenaPaths = {
  versions: () => 'api/versions.json',
  realm: (region: string) => `realms/${region}.json`,
  languages: () => 'cdn/languages.json',
  dataFile: (version: string, locale: string, file: ArenaDataFile) =>
    `cdn/${version}/data/${locale}/${file}.json`,
  champion: (version: string, locale: string, championId: string) =>
    `cdn/${version}/data/${locale}/champion/${championId}.json`,
  /** All assets of a patch (10.10 was published as .zip instead). */
  tarball: (version: string) => `cdn/dragontail-${version}.tgz`,
};

/** The scoreboard icons exist only at 5.5.1. */
export const SCOREBOARD_ICON_VERSION = '5.5.1';
export type ScoreboardIcon = 'champion' | 'items' | 'minion' | 'score' | 'spells';

export interface SpriteRef {
  sheet: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export const arenaImagePaths = {
  championSquare: (version: string, championId: string) => `cdn/${version}/img/champion/${championId}.png`,
  /** Any `image` object: `img/{group}/{full}` (champion, spell, item, passive, profileicon, map). */
  fromImage: (version: string, image: ArenaImage) => `cdn/${version}/img/${image.group}/${image.full}`,
  passive: (version: string, file: string) => `cdn/${version}/img/passive/${file}`,
  spell: (version: string, file: string) => `cdn/${version}/img/spell/${file}`,
  item: (version: string, itemId: string) => `cdn/${version}/img/item/${itemId}.png`,
  profileIcon: (version: string, iconId: number) => `cdn/${version}/img/profileicon/${iconId}.png`,
  /** Splash and loading art carry no version. */
  splash: (championId: string, skinNum: number) => `cdn/img/champion/splash/${championId}_${skinNum}.jpg`,
  loading: (championId: string, skinNum: number) => `cdn/img/champion/loading/${championId}_${skinNum}.jpg`,
  /** Rune and rune-tree icons: runesReforged.json gives them relative to `cdn/img/`, without a version. */
  rune: (icon: string) => `cdn/img/${icon}`,
  minimap: (version: string, mapId: number) => `cdn/${version}/img/map/map${mapId}.png`,
  spriteSheet: (version: string, sheet: string) => `cdn/${version}/img/sprite/${sheet}`,
  /** The sheet and the rectangle of one image in it. */
  sprite: (version: string, image: ArenaImage): SpriteRef => ({
    sheet: `cdn/${version}/img/sprite/${image.sprite}`,
    x: image.x,
    y: image.y,
    w: image.w,
    h: image.h,
  }),
  scoreboard: (icon: ScoreboardIcon) => `cdn/${SCOREBOARD_ICON_VERSION}/img/ui/${icon}.png`,
};

export const GAME_CONSTANT_FILES = ['seasons', 'queues', 'maps', 'gameModes', 'gameTypes'] as const;
export type GameConstantFile = (typeof GAME_CONSTANT_FILES)[number];

/** The base URL and a relative path, each segment escaped. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

const LOCALE = /^[a-z]{2}_[A-Z]{2}$/;
const REGION = /^[a-z0-9]{1,16}$/;

export const isArenaLocale = (locale: string): boolean => LOCALE.test(locale);
export const isRegion = (region: string): boolean => REGION.test(region);
