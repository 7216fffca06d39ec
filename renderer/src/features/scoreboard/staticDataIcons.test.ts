import { describe, expect, it } from 'vitest';
import type { ArenaCatalog } from '@shared/contract';
import { scoreboardIconResolver } from './staticDataIcons';

const catalog: ArenaCatalog = {
  version: '14.1.2',
  locale: 'en_US',
  champions: [
    { id: 'MonkeyKing', key: '62', name: 'Wukong', title: '', imageUrl: '/static-data/a/MonkeyKing.png' },
    { id: 'Garen', key: '86', name: 'Garen', title: '', imageUrl: null },
  ],
  items: [{ id: '1001', name: 'Boots', goldTotal: 300, imageUrl: '/static-data/a/1001.png' }],
  summonerSpells: [{ id: 'SummonerFlash', key: '4', name: 'Flash', imageUrl: '/static-data/a/Flash.png' }],
};

describe('scoreboardIconResolver', () => {
  const icons = scoreboardIconResolver(catalog);

  it('finds champions by the id the live client names them by, items by number, spells by id', () => {
    expect(icons.champion('MonkeyKing')).toBe('/static-data/a/MonkeyKing.png');
    expect(icons.item(1001)).toBe('/static-data/a/1001.png');
    expect(icons.summonerSpell('SummonerFlash')).toBe('/static-data/a/Flash.png');
  });

  it('answers null (a text tile) for what the catalog lacks or has no image of', () => {
    expect(icons.champion('Wukong')).toBeNull();
    expect(icons.champion('62')).toBeNull();
    expect(icons.champion('Garen')).toBeNull();
    expect(icons.item(9999)).toBeNull();
    expect(icons.summonerSpell('4')).toBeNull();
    expect(icons.rune(8005)).toBeNull();
  });
});
