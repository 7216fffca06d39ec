import { describe, expect, it } from 'vitest';
import { arenaImagePaths, arenaPaths, joinUrl } from './arenaPaths';
import type { ArenaImage } from './arenaSchemas';

const image: ArenaImage = {
  full: 'Annie.png',
  sprite: 'champion0.png',
  group: 'champion',
  x: 48,
  y: 96,
  w: 48,
  h: 48,
};

describe('Data Dragon paths', () => {
  it('builds the data file paths of the spec', () => {
    expect(arenaPaths.versions()).toBe('api/versions.json');
    expect(arenaPaths.realm('euw')).toBe('realms/euw.json');
    expect(arenaPaths.languages()).toBe('cdn/languages.json');
    expect(arenaPaths.dataFile('14.1.2', 'de_DE', 'item')).toBe('cdn/14.1.2/data/de_DE/item.json');
    expect(arenaPaths.champion('14.1.2', 'en_US', 'MonkeyKing')).toBe(
      'cdn/14.1.2/data/en_US/champion/MonkeyKing.json',
    );
  });

  it('builds every image path, with and without a version', () => {
    const v = '14.1.2';
    expect(arenaImagePaths.championSquare(v, 'Annie')).toBe('cdn/14.1.2/img/champion/Annie.png');
    expect(arenaImagePaths.fromImage(v, image)).toBe('cdn/14.1.2/img/champion/Annie.png');
    expect(arenaImagePaths.passive(v, 'Annie_Passive.png')).toBe('cdn/14.1.2/img/passive/Annie_Passive.png');
    expect(arenaImagePaths.spell(v, 'SummonerFlash.png')).toBe('cdn/14.1.2/img/spell/SummonerFlash.png');
    expect(arenaImagePaths.item(v, '3031')).toBe('cdn/14.1.2/img/item/3031.png');
    expect(arenaImagePaths.profileIcon(v, 29)).toBe('cdn/14.1.2/img/profileicon/29.png');
    expect(arenaImagePaths.splash('Annie', 1)).toBe('cdn/img/champion/splash/Annie_1.jpg');
    expect(arenaImagePaths.loading('Annie', 0)).toBe('cdn/img/champion/loading/Annie_0.jpg');
    expect(arenaImagePaths.minimap(v, 11)).toBe('cdn/14.1.2/img/map/map11.png');
    expect(arenaImagePaths.sprite(v, image)).toEqual({
      sheet: 'cdn/14.1.2/img/sprite/champion0.png',
      x: 48,
      y: 96,
      w: 48,
      h: 48,
    });
    expect(arenaImagePaths.scoreboard('items')).toBe('cdn/5.5.1/img/ui/items.png');
  });

  it('joins a base URL and escapes each segment', () => {
    expect(joinUrl('https://ddragon.leagueoflegends.com/', 'cdn/languages.json')).toBe(
      'https://ddragon.leagueoflegends.com/cdn/languages.json',
    );
    expect(joinUrl('http://127.0.0.1:1/x', 'a b/c#d')).toBe('http://127.0.0.1:1/x/a%20b/c%23d');
  });
});
