import { describe, expect, it } from 'vitest';
import { ARENA_CATALOG } from '../../../tools/testkit/arenaCatalogFixtures';
import { catalogIconResolver } from './catalogIcons';

describe('catalogIconResolver', () => {
  const icons = catalogIconResolver(ARENA_CATALOG);

  it('finds a champion by the numeric ID match records carry, with its display name for alt text', () => {
    expect(icons.champion(62, '')).toEqual({ src: '/static-data/a/MonkeyKing.png', name: 'Wukong' });
    // v5 records name the champion too; the ID wins over a name that disagrees.
    expect(icons.champion(62, 'Garen')).toEqual({ src: '/static-data/a/MonkeyKing.png', name: 'Wukong' });
  });

  it('falls back to the champion name (the catalog id, not the display name) when the ID is unknown', () => {
    expect(icons.champion(0, 'MonkeyKing')).toEqual({ src: '/static-data/a/MonkeyKing.png', name: 'Wukong' });
    expect(icons.champion(0, 'Wukong')).toBeNull();
  });

  it('finds items by item ID and summoner spells by their numeric key, not their id', () => {
    expect(icons.item(1001)).toEqual({ src: '/static-data/a/1001.png', name: 'Boots' });
    expect(icons.summonerSpell(4)).toEqual({ src: '/static-data/a/Flash.png', name: 'Flash' });
  });

  it('finds runes and rune trees by the ID match records carry', () => {
    expect(icons.rune(8112)).toEqual({ src: '/static-data/a/Electrocute.png', name: 'Electrocute' });
    expect(icons.rune(8005)).toBeNull();
    expect(icons.rune(0)).toBeNull();
  });

  it('answers null (text) for what the catalog lacks, and has no image of', () => {
    expect(icons.champion(86, 'Garen')).toBeNull();
    expect(icons.champion(999, '')).toBeNull();
    expect(icons.item(0)).toBeNull();
    expect(icons.item(3340)).toBeNull();
    expect(icons.item(9999)).toBeNull();
    expect(icons.summonerSpell(14)).toBeNull();
    expect(icons.summonerSpell(1)).toBeNull();
  });
});
