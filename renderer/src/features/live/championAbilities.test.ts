import { describe, expect, it } from 'vitest';
import type { ChampionTooltip, LiveAbility } from '@shared/contract';
import { abilityDataFor, abilityImageOf } from './championAbilities';

const spell = (id: string, slot: 'Q' | 'W' | 'E' | 'R') => ({
  id,
  slot,
  name: id,
  tooltip: [],
  cost: [],
  cooldown: '',
  imageUrl: `/static/${id}.png`,
});

const ahri: ChampionTooltip = {
  id: 'Ahri',
  key: '103',
  name: 'Ahri',
  title: 'the Nine-Tailed Fox',
  version: '14.1.1',
  locale: 'en_US',
  resource: 'Mana',
  tags: ['Mage'],
  imageUrl: null,
  passive: { name: 'Essence Theft', description: [], imageUrl: '/static/passive.png' },
  spells: [
    spell('AhriOrbofDeception', 'Q'),
    spell('AhriFoxFire', 'W'),
    spell('AhriSeduce', 'E'),
    spell('AhriTumble', 'R'),
  ],
};

const ability = (slot: LiveAbility['slot'], id: string): LiveAbility => ({
  slot,
  id,
  name: id,
  level: slot === 'Passive' ? null : 1,
});

describe('abilityDataFor', () => {
  it('finds a spell by the id the live client and static data share', () => {
    expect(abilityDataFor(ahri, ability('W', 'AhriFoxFire'))).toEqual({
      kind: 'spell',
      spell: ahri.spells[1],
    });
  });

  it('falls back to the slot when the id differs (a spell renamed in a patch)', () => {
    const data = abilityDataFor(ahri, ability('E', 'AhriCharmRenamed'));
    expect(data?.kind === 'spell' ? data.spell.id : null).toBe('AhriSeduce');
  });

  it('gives the passive for the passive slot, and its image', () => {
    const data = abilityDataFor(ahri, ability('Passive', 'AhriPassive'));
    expect(data?.kind).toBe('passive');
    expect(abilityImageOf(data)).toBe('/static/passive.png');
  });

  it('is null without static data, or when the data lacks the ability', () => {
    expect(abilityDataFor(undefined, ability('Q', 'AhriOrbofDeception'))).toBeNull();
    expect(abilityDataFor({ ...ahri, spells: [] }, ability('R', 'AhriTumble'))).toBeNull();
    expect(abilityImageOf(null)).toBeNull();
  });
});
