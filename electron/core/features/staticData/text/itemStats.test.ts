import { describe, expect, it } from 'vitest';
import { combineStats, describeStatKey, formatItemStats, statTotal } from './itemStats';

const displays = (stats: Record<string, number>) => formatItemStats(stats).map((line) => line.display);

describe('describeStatKey: reading the key', () => {
  it('reads a flat item stat', () => {
    expect(describeStatKey('FlatHPPoolMod')).toEqual({
      key: 'FlatHPPoolMod',
      stat: 'HPPool',
      label: 'Health',
      unit: 'flat',
      rune: false,
      perLevel: false,
      known: true,
    });
  });

  it('reads the leading r as a rune stat and the PerLevel suffix', () => {
    expect(describeStatKey('rFlatArmorModPerLevel')).toMatchObject({
      stat: 'Armor',
      rune: true,
      perLevel: true,
      unit: 'flat',
    });
  });

  it('reads keys without the Mod suffix', () => {
    expect(describeStatKey('FlatEXPBonus')).toMatchObject({
      stat: 'EXPBonus',
      label: 'Experience',
      known: true,
    });
  });

  it('reads stats whose name holds digits', () => {
    expect(describeStatKey('rFlatGoldPer10Mod')).toMatchObject({
      stat: 'GoldPer10',
      rune: true,
      known: true,
    });
  });

  it('shows percent keys as percentages', () => {
    expect(describeStatKey('PercentAttackSpeedMod').unit).toBe('percent');
    expect(describeStatKey('PercentMovementSpeedMod').unit).toBe('percent');
  });

  it('shows regeneration per 5 seconds', () => {
    expect(describeStatKey('FlatHPRegenMod').unit).toBe('per5');
    expect(describeStatKey('FlatMPRegenMod').unit).toBe('per5');
    expect(describeStatKey('FlatEnergyRegenMod').unit).toBe('per5');
  });

  it('shows chances as percentages even when the key says Flat', () => {
    expect(describeStatKey('FlatCritChanceMod').unit).toBe('percent');
  });

  it('labels a percent regeneration key as a share of base regeneration', () => {
    expect(describeStatKey('PercentHPRegenMod')).toMatchObject({
      label: 'Base Health Regen',
      unit: 'percent',
    });
  });

  it('makes a label from an unknown stat name instead of dropping it', () => {
    expect(describeStatKey('FlatShinyThingMod')).toMatchObject({
      label: 'Shiny Thing',
      unit: 'flat',
      known: false,
    });
    expect(describeStatKey('PercentShinyThingMod')).toMatchObject({ label: 'Shiny Thing', unit: 'percent' });
    expect(describeStatKey('abilityHaste')).toMatchObject({
      label: 'Ability Haste',
      unit: 'flat',
      known: false,
    });
    expect(describeStatKey('weirdEXPThing')).toMatchObject({ label: 'Weird EXP Thing', known: false });
  });
});

describe('formatItemStats: what each stat shows', () => {
  it.each([
    [{ PercentAttackSpeedMod: 0.25 }, '+25% Attack Speed'],
    [{ FlatHPRegenMod: 1 }, '+5 Health Regen per 5s'],
    [{ FlatMPRegenMod: 0.5 }, '+2.5 Mana Regen per 5s'],
    [{ FlatCritChanceMod: 0.2 }, '+20% Critical Strike Chance'],
    [{ PercentMovementSpeedMod: 0.07 }, '+7% Move Speed'],
    [{ FlatMovementSpeedMod: 25 }, '+25 Move Speed'],
    [{ PercentLifeStealMod: 0.1 }, '+10% Life Steal'],
    [{ FlatMagicDamageMod: 20 }, '+20 Ability Power'],
    [{ FlatPhysicalDamageMod: 10 }, '+10 Attack Damage'],
    [{ FlatHPPoolMod: 150 }, '+150 Health'],
    [{ FlatMPPoolMod: 250 }, '+250 Mana'],
    [{ FlatArmorMod: 15 }, '+15 Armor'],
    [{ FlatSpellBlockMod: 25 }, '+25 Magic Resist'],
    [{ PercentHPRegenMod: 0.5 }, '+50% Base Health Regen'],
    [{ rFlatArmorModPerLevel: 0.16 }, '+0.16 Armor per level'],
    [{ rFlatHPRegenModPerLevel: 0.11 }, '+0.55 Health Regen per 5s per level'],
    [{ rFlatGoldPer10Mod: 1 }, '+1 Gold per 10s'],
    [{ rPercentCooldownMod: -0.0083 }, '-0.83% Cooldowns'],
    [{ rFlatMagicPenetrationMod: 0.87 }, '+0.87 Magic Penetration'],
    [{ FlatShinyThingMod: 3 }, '+3 Shiny Thing'],
  ])('%j → %s', (stats, display) => {
    expect(displays(stats)).toEqual([display]);
  });

  it('keeps the raw value beside the shown one', () => {
    expect(formatItemStats({ PercentAttackSpeedMod: 0.25 })).toEqual([
      {
        key: 'PercentAttackSpeedMod',
        stat: 'AttackSpeed',
        label: 'Attack Speed',
        unit: 'percent',
        rune: false,
        perLevel: false,
        known: true,
        value: 0.25,
        shownValue: 25,
        display: '+25% Attack Speed',
      },
    ]);
  });

  it('lists every stat of an item in the order Data Dragon gives them', () => {
    // Vampiric Scepter-like stats.
    expect(displays({ FlatPhysicalDamageMod: 15, PercentLifeStealMod: 0.1 })).toEqual([
      '+15 Attack Damage',
      '+10% Life Steal',
    ]);
  });

  it('leaves out zero and non-numeric values', () => {
    const stats = { FlatArmorMod: 0, FlatHPPoolMod: Number.NaN, FlatMagicDamageMod: 40 } as Record<
      string,
      number
    >;
    expect(displays(stats)).toEqual(['+40 Ability Power']);
    expect(displays({ FlatArmorMod: 'lots' } as unknown as Record<string, number>)).toEqual([]);
  });

  it('is empty for an item without stats', () => {
    expect(formatItemStats({})).toEqual([]);
  });
});

describe('combineStats', () => {
  it('adds flat stats from several items', () => {
    expect(
      combineStats([
        { kind: 'item', stats: { FlatPhysicalDamageMod: 10 } },
        { kind: 'item', stats: { FlatPhysicalDamageMod: 15, PercentLifeStealMod: 0.1 } },
      ]),
    ).toEqual({ FlatPhysicalDamageMod: 25, PercentLifeStealMod: 0.1 });
  });

  it('adds percent bonuses of one kind before they multiply the stat', () => {
    const totals = combineStats([
      { kind: 'item', stats: { PercentAttackSpeedMod: 0.25 } },
      { kind: 'item', stats: { PercentAttackSpeedMod: 0.25 } },
    ]);
    expect(totals.PercentAttackSpeedMod).toBeCloseTo(0.5);
    expect(displays(totals)).toEqual(['+50% Attack Speed']);
  });

  it('adds rune stats to item stats', () => {
    expect(
      combineStats([
        { kind: 'item', stats: { FlatArmorMod: 15 } },
        { kind: 'rune', stats: { FlatArmorMod: 1, rFlatArmorModPerLevel: 0.16 } },
      ]),
    ).toEqual({ FlatArmorMod: 16, rFlatArmorModPerLevel: 0.16 });
  });

  it('counts only the highest tenacity from items', () => {
    const totals = combineStats([
      { kind: 'item', stats: { PercentTenacityMod: 0.25 } },
      { kind: 'item', stats: { PercentTenacityMod: 0.3 } },
    ]);
    expect(totals).toEqual({ PercentTenacityMod: 0.3 });
  });

  it('stacks tenacity from runes', () => {
    const totals = combineStats([
      { kind: 'rune', stats: { rPercentTenacityMod: 0.05 } },
      { kind: 'rune', stats: { rPercentTenacityMod: 0.1 } },
    ]);
    expect(totals.rPercentTenacityMod).toBeCloseTo(0.15);
  });

  it('adds stacked rune tenacity to the highest item tenacity, whatever the order', () => {
    const sources = [
      { kind: 'rune' as const, stats: { PercentTenacityMod: 0.05 } },
      { kind: 'item' as const, stats: { PercentTenacityMod: 0.3 } },
      { kind: 'rune' as const, stats: { PercentTenacityMod: 0.1 } },
      { kind: 'item' as const, stats: { PercentTenacityMod: 0.25 } },
    ];
    expect(combineStats(sources).PercentTenacityMod).toBeCloseTo(0.45);
    expect(combineStats([...sources].reverse()).PercentTenacityMod).toBeCloseTo(0.45);
    expect(displays(combineStats(sources))).toEqual(['+45% Tenacity']);
  });

  it('ignores values that are not numbers', () => {
    expect(
      combineStats([
        { kind: 'item', stats: { FlatArmorMod: Number.POSITIVE_INFINITY, FlatHPPoolMod: 100 } },
        { kind: 'item', stats: { FlatHPPoolMod: Number.NaN } },
      ]),
    ).toEqual({ FlatHPPoolMod: 100 });
  });

  it('is empty without sources', () => {
    expect(combineStats([])).toEqual({});
  });
});

describe('statTotal', () => {
  it('adds flat bonuses to the base, then multiplies by the percent bonus', () => {
    // 345 base move speed, boots +25, +7% from an item.
    expect(statTotal(345, 25, 0.07)).toBeCloseTo(395.9);
  });

  it('leaves the base alone without bonuses', () => {
    expect(statTotal(345, 0, 0)).toBe(345);
  });
});
