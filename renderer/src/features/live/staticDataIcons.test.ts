import { describe, expect, it } from 'vitest';
import { ARENA_CATALOG } from '../../tools/testkit/arenaCatalogFixtures';
import { scoreboardIconResolver } from './staticDataIcons';

describe('scoreboardIconResolver', () => {
  const icons = scoreboardIconResolver(ARENA_CATALOG);

  it('finds champions by the id the live client names them by, items and runes by number, spells by id', () => {
    expect(icons.champion('MonkeyKing')).toBe('/static-data/a/MonkeyKing.png');
    expect(icons.item(1001)).toBe('/static-data/a/1001.png');
    expect(icons.summonerSpell('SummonerFlash')).toBe('/static-data/a/Flash.png');
    expect(icons.rune(8112)).toBe('/static-data/a/Electrocute.png');
  });

  it('answers null (a text tile) for what the catalog lacks or has no image of', () => {
    expect(icons.champion('Wukong')).toBeNull();
    expect(icons.champion('62')).toBeNull();
    expect(icons.champion('Garen')).toBeNull();
    expect(icons.item(9999)).toBeNull();
    expect(icons.summonerSpell('4')).toBeNull();
    expect(icons.rune(8005)).toBeNull();
    expect(icons.rune(8010)).toBeNull();
  });
});
