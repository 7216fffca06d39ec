import type { ArenaCatalog } from '@shared/contract';

/**
 * A small arena catalog for the icon resolver tests (match pages and scoreboard): one champion, item,
 * summoner spell and rune with an image and one of each without.
 */
export const ARENA_CATALOG: ArenaCatalog = {
  version: '14.1.2',
  locale: 'en_US',
  champions: [
    { id: 'MonkeyKing', key: '62', name: 'Wukong', title: '', imageUrl: '/static-data/a/MonkeyKing.png' },
    { id: 'Garen', key: '86', name: 'Garen', title: '', imageUrl: null },
  ],
  items: [
    { id: '1001', name: 'Boots', goldTotal: 300, imageUrl: '/static-data/a/1001.png' },
    { id: '3340', name: 'Stealth Ward', goldTotal: 0, imageUrl: null },
  ],
  summonerSpells: [
    { id: 'SummonerFlash', key: '4', name: 'Flash', imageUrl: '/static-data/a/Flash.png' },
    { id: 'SummonerDot', key: '14', name: 'Ignite', imageUrl: null },
  ],
  runes: [
    { id: 8112, name: 'Electrocute', imageUrl: '/static-data/a/Electrocute.png' },
    { id: 8005, name: 'Press the Attack', imageUrl: null },
  ],
};
