import { describe, expect, it } from 'vitest';
import { richTextToPlainText } from '@shared/contract/richText';
import { resolveSpellPlaceholder, spellCostText, spellTextSourceSchema, spellTooltipText } from './spellText';
import type { SpellTextSource } from './spellText';

// Spells shaped like Data Dragon champion files: older patches (effectBurn and vars in use) and current ones
// (vars empty, game-calculation placeholders Data Dragon cannot resolve).

const ahriQOld = {
  id: 'AhriOrbofDeception',
  name: 'Orb of Deception',
  tooltip:
    'Ahri sends out and pulls back her orb, dealing {{ e1 }} <span class="color99FF99">(+{{ a1 }})</span> magic damage on the way out, and {{ e1 }} <span class="color99FF99">(+{{ a1 }})</span> true damage on the way back.',
  maxrank: 5,
  cooldown: [7, 7, 7, 7, 7],
  cooldownBurn: '7',
  cost: [65, 70, 75, 80, 85],
  costBurn: '65/70/75/80/85',
  effect: [null, [40, 65, 90, 115, 140], [0, 0, 0, 0, 0]],
  effectBurn: [null, '40/65/90/115/140', '0'],
  vars: [{ link: 'spelldamage', coeff: [0.35], key: 'a1' }],
  costType: ' {{ abilityresourcename }}',
  maxammo: '-1',
  range: [880, 880, 880, 880, 880],
  rangeBurn: '880',
  resource: '{{ cost }} Mana',
};

const ahriQCurrent = {
  id: 'AhriQ',
  name: 'Orb of Deception',
  tooltip:
    'Ahri throws out and pulls back her orb, dealing <magicDamage>{{ totaldamage }} magic damage</magicDamage> on the way out and <trueDamage>{{ totaldamage }} true damage</trueDamage> on the way back. {{ spellmodifierdescriptionappend }}',
  cost: [55, 65, 75, 85, 95],
  costBurn: '55/65/75/85/95',
  datavalues: {},
  effect: [null, [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]],
  effectBurn: [null, '0', '0'],
  vars: [],
  maxammo: '-1',
  resource: '{{ cost }} {{ abilityresourcename }}',
};

const annieQ = {
  id: 'Disintegrate',
  name: 'Disintegrate',
  tooltip:
    'Annie hurls a Mana infused fireball, dealing {{ e1 }} <span class="color99FF99">(+{{ a1 }})</span> magic damage. If this kills the target, Annie refunds the Mana cost and reduces the cooldown by 50%.',
  cost: [60, 65, 70, 75, 80],
  costBurn: '60/65/70/75/80',
  effect: [null, [80, 115, 150, 185, 220]],
  effectBurn: ['', '80/115/150/185/220'],
  vars: [{ link: 'spelldamage', coeff: 0.8, key: 'a1' }],
  resource: '{{ cost }} Mana',
};

// Dr. Mundo's Infected Cleaver: the health cost lives in effect[3], and old files wrote index 0 as "null".
const mundoQ = {
  name: 'Infected Cleaver',
  tooltip:
    "Dr. Mundo hurls his cleaver, dealing magic damage equal to {{ e2 }}% of the target's current Health ({{ e1 }} damage minimum) and slowing them by {{ e4 }}% for {{ e5 }} seconds.<br><br>Half of the Health cost is refunded if the cleaver hits a target.",
  resource: '{{ e3 }} Health',
  cost: [0, 0, 0, 0, 0],
  costBurn: '0',
  costType: 'Health',
  effect: [
    'null',
    [80, 130, 180, 230, 280],
    [15, 18, 21, 23, 25],
    [50, 60, 70, 80, 90],
    [40, 40, 40, 40, 40],
    [2, 2, 2, 2, 2],
  ],
  effectBurn: ['', '80/130/180/230/280', '15/18/21/23/25', '50/60/70/80/90', '40', '2'],
  range: [975, 975, 975, 975, 975],
  rangeBurn: '975',
};

const mundoW = {
  name: 'Burning Agony',
  tooltip:
    '<span class="colorFF9900">Toggle: </span>Dr. Mundo deals {{ e3 }} <span class="color99FF99">(+{{ a1 }})</span> magic damage to nearby enemies, and reduces the duration of disables on Dr. Mundo by {{ e2 }}%.',
  resource: '{{ e1 }} Health Per Sec',
  effect: ['null', [10, 15, 20, 25, 30], [10, 15, 20, 25, 30], [35, 50, 65, 80, 95]],
  effectBurn: ['', '10/15/20/25/30', '10/15/20/25/30', '35/50/65/80/95'],
  vars: [{ link: 'spelldamage', coeff: [0.2], key: 'a1' }],
  range: 'self',
  rangeBurn: 'self',
};

const vladimirE = {
  name: 'Tides of Blood',
  tooltip:
    'Vladimir unleashes a torrent of blood, dealing {{ e1 }} <span class="color99FF99">(+{{ a1 }})</span><span class="colorFF3300"> (+{{ a2 }})</span> magic damage to nearby enemies.',
  resource: '{{ e3 }} Health',
  cost: [0, 0, 0, 0, 0],
  costBurn: '0',
  effect: [null, [60, 85, 110, 135, 160], [25, 25, 25, 25, 25], [30, 40, 50, 60, 70]],
  effectBurn: [null, '60/85/110/135/160', '25', '30/40/50/60/70'],
  vars: [
    { link: 'spelldamage', coeff: [0.45], key: 'a1' },
    { link: 'bonushealth', coeff: [0.025], key: 'a2' },
  ],
};

const zedQ = {
  name: 'Razor Shuriken',
  tooltip:
    'Zed and his shadows throw their shurikens, dealing {{ e1 }} <span class="colorFF8C00">(+{{ f1 }})</span> physical damage to the first enemy hit.',
  cost: [75, 70, 65, 60, 55],
  costBurn: '75/70/65/60/55',
  effectBurn: [null, '80/115/150/185/220'],
  vars: [{ link: 'bonusattackdamage', coeff: 1, key: 'f1' }],
  resource: '{{ cost }} Energy',
};

const garenQ = {
  name: 'Decisive Strike',
  tooltip: 'Garen gains <speed>Move Speed</speed>.',
  cost: [0, 0, 0, 0, 0],
  costBurn: '0',
  resource: 'No Cost',
};

const teemoR = {
  name: 'Noxious Trap',
  tooltip: 'Teemo places a trap. He stores a trap every {{ e4 }} seconds, up to {{ maxammo }}.',
  effectBurn: [null, '200/325/450', '30', '0', '30/25/20'],
  maxammo: '3',
  resource: '{{ cost }} Mana',
  costBurn: '75',
};

const plain = (spell: SpellTextSource, context = {}) => richTextToPlainText(spellTooltipText(spell, context));
const cost = (spell: SpellTextSource, context = {}) => richTextToPlainText(spellCostText(spell, context));

describe('spellTextSourceSchema', () => {
  it.each([
    ['Ahri Q (old)', ahriQOld],
    ['Ahri Q (current)', ahriQCurrent],
    ['Annie Q', annieQ],
    ['Mundo Q', mundoQ],
    ['Mundo W', mundoW],
    ['Vladimir E', vladimirE],
    ['Zed Q', zedQ],
    ['Garen Q', garenQ],
    ['Teemo R', teemoR],
  ])('accepts %s as Data Dragon ships it', (_name, spell) => {
    expect(spellTextSourceSchema.safeParse(spell).success).toBe(true);
  });

  it('keeps fields it does not know', () => {
    const parsed = spellTextSourceSchema.parse(ahriQOld);
    expect(parsed).toMatchObject({ id: 'AhriOrbofDeception', maxrank: 5 });
  });

  it('rejects a var whose coefficient is not a number', () => {
    expect(spellTextSourceSchema.safeParse({ vars: [{ key: 'a1', coeff: 'lots' }] }).success).toBe(false);
  });
});

describe('rule 1: {{ eN }} is effectBurn[N]', () => {
  it('fills Ahri Q from effectBurn and vars', () => {
    expect(plain(ahriQOld)).toBe(
      'Ahri sends out and pulls back her orb, dealing 40/65/90/115/140 (+35% AP) magic damage on the way out, and 40/65/90/115/140 (+35% AP) true damage on the way back.',
    );
  });

  it('fills Annie Q', () => {
    expect(plain(annieQ)).toBe(
      'Annie hurls a Mana infused fireball, dealing 80/115/150/185/220 (+80% AP) magic damage. If this kills the target, Annie refunds the Mana cost and reduces the cooldown by 50%.',
    );
  });

  it('uses the single value when all ranks agree, and reads several indices', () => {
    expect(plain(mundoQ)).toBe(
      "Dr. Mundo hurls his cleaver, dealing magic damage equal to 15/18/21/23/25% of the target's current Health (80/130/180/230/280 damage minimum) and slowing them by 40% for 2 seconds.\n\nHalf of the Health cost is refunded if the cleaver hits a target.",
    );
  });

  it('falls back to effect[N] per rank when effectBurn lacks the entry', () => {
    const spell = {
      tooltip: 'Heals {{ e2 }}.',
      effect: [null, [1, 2], [30, 45, 60]],
      effectBurn: [null, '1/2'],
    };
    expect(plain(spell)).toBe('Heals 30/45/60.');
  });

  it('has no value at index 0, which is a placeholder in both arrays', () => {
    expect(resolveSpellPlaceholder(mundoQ, 'e0')).toBeNull();
  });

  it('has no value past the end of the arrays', () => {
    expect(resolveSpellPlaceholder(mundoQ, 'e9')).toBeNull();
  });

  it('keeps the highlight colouring of the old span markup', () => {
    const nodes = spellTooltipText(annieQ);
    expect(nodes).toContainEqual({ text: '(+80% AP)', marks: ['highlight'] });
  });
});

describe('rule 2: {{ aN }} / {{ fN }} are vars, by key', () => {
  it('shows a coefficient linked to AP as a percentage of AP', () => {
    expect(resolveSpellPlaceholder(annieQ, 'a1')).toBe('80% AP');
  });

  it('shows a coefficient linked to bonus AD (Zed Q, an f-var)', () => {
    expect(plain(zedQ)).toBe(
      'Zed and his shadows throw their shurikens, dealing 80/115/150/185/220 (+100% bonus AD) physical damage to the first enemy hit.',
    );
  });

  it('shows two vars with different links (Vladimir E)', () => {
    expect(plain(vladimirE)).toBe(
      'Vladimir unleashes a torrent of blood, dealing 60/85/110/135/160 (+45% AP) (+2.5% bonus Health) magic damage to nearby enemies.',
    );
  });

  it('shows per-rank coefficients joined with slashes', () => {
    const spell = { vars: [{ key: 'a1', link: 'spelldamage', coeff: [0.6, 0.7, 0.8] }] };
    expect(resolveSpellPlaceholder(spell, 'a1')).toBe('60/70/80% AP');
  });

  it('shows the bare coefficient when there is no link, or a game-script link', () => {
    expect(resolveSpellPlaceholder({ vars: [{ key: 'f1', coeff: [0.6, 0.7, 0.8] }] }, 'f1')).toBe(
      '0.6/0.7/0.8',
    );
    expect(
      resolveSpellPlaceholder({ vars: [{ key: 'f2', link: '@dynamic.abilitypower', coeff: 0.25 }] }, 'f2'),
    ).toBe('0.25');
  });

  it.each([
    ['attackdamage', '50% AD'],
    ['health', '50% max Health'],
    ['bonusarmor', '50% bonus Armor'],
    ['spellblock', '50% Magic Resist'],
    ['mana', '50% max Mana'],
  ])('link %s reads %s', (link, text) => {
    expect(resolveSpellPlaceholder({ vars: [{ key: 'a1', link, coeff: 0.5 }] }, 'a1')).toBe(text);
  });

  it('has no value for a key missing from vars, or a var without a coefficient', () => {
    expect(resolveSpellPlaceholder(annieQ, 'a2')).toBeNull();
    expect(resolveSpellPlaceholder({ vars: [{ key: 'a1', link: 'spelldamage' }] }, 'a1')).toBeNull();
    expect(resolveSpellPlaceholder({ vars: [{ key: 'a1', coeff: [] }] }, 'a1')).toBeNull();
  });
});

describe('rule 4: the resource template says what the cost is', () => {
  it('mana from costBurn (Annie Q)', () => {
    expect(cost(annieQ)).toBe('60/65/70/75/80 Mana');
  });

  it('health from effectBurn, not the zero costBurn (Mundo Q, Vladimir E)', () => {
    expect(cost(mundoQ)).toBe('50/60/70/80/90 Health');
    expect(cost(vladimirE)).toBe('30/40/50/60/70 Health');
  });

  it('health per second (Mundo W)', () => {
    expect(cost(mundoW)).toBe('10/15/20/25/30 Health Per Sec');
  });

  it('energy (Zed Q)', () => {
    expect(cost(zedQ)).toBe('75/70/65/60/55 Energy');
  });

  it('no cost line for a spell that costs nothing (Garen Q: "No Cost"), whatever the language says', () => {
    expect(spellCostText(garenQ)).toEqual([]);
    expect(spellCostText({ ...garenQ, resource: 'Sin coste' })).toEqual([]);
    expect(spellCostText({ ...garenQ, cost: undefined, costBurn: undefined })).toEqual([]);
  });

  it('keeps a fixed cost text on a spell that does cost something', () => {
    expect(spellCostText({ ...garenQ, cost: [30, 30, 30, 30, 30], resource: '30 Mana' })).toEqual([
      { text: '30 Mana', marks: [] },
    ]);
  });

  it('the current template names the resource through the champion, passed by the caller', () => {
    expect(cost(ahriQCurrent, { resourceName: 'Mana' })).toBe('55/65/75/85/95 Mana');
  });

  it('marks the resource name unresolved when the caller does not know it', () => {
    expect(spellCostText(ahriQCurrent)).toEqual([
      { text: '55/65/75/85/95 ', marks: [] },
      { text: '?', marks: ['unresolved'] },
    ]);
  });

  it('falls back to the cost array when costBurn is missing', () => {
    expect(cost({ resource: '{{ cost }} Mana', cost: [40, 40, 40] })).toBe('40 Mana');
  });

  it('shows nothing when there is no template', () => {
    expect(spellCostText({ costBurn: '60' })).toEqual([]);
  });
});

describe('other placeholders', () => {
  it('{{ maxammo }} is the charge count', () => {
    expect(plain(teemoR)).toBe('Teemo places a trap. He stores a trap every 30/25/20 seconds, up to 3.');
  });

  it('{{ maxammo }} of -1 means no charges, so it has no value', () => {
    expect(resolveSpellPlaceholder(ahriQOld, 'maxammo')).toBeNull();
  });

  it('{{ cooldown }} and {{ range }} come from their burn strings', () => {
    expect(resolveSpellPlaceholder(ahriQOld, 'cooldown')).toBe('7');
    expect(resolveSpellPlaceholder(ahriQOld, 'range')).toBe('880');
    expect(resolveSpellPlaceholder({ range: [600, 700] }, 'range')).toBe('600/700');
    expect(resolveSpellPlaceholder(mundoW, 'range')).toBe('self');
  });

  it('a scaled placeholder multiplies numeric values', () => {
    const spell = { effectBurn: [null, '0.2/0.3'] };
    expect(resolveSpellPlaceholder(spell, 'e1*100')).toBe('20/30');
    expect(resolveSpellPlaceholder(spell, 'e1 * 100')).toBe('20/30');
  });

  it('a scaled value with words in it is not shown', () => {
    expect(resolveSpellPlaceholder(annieQ, 'a1*100')).toBeNull();
  });

  it('names are matched case-insensitively', () => {
    expect(resolveSpellPlaceholder(annieQ, 'E1')).toBe('80/115/150/185/220');
    expect(resolveSpellPlaceholder(annieQ, 'Cost')).toBe('60/65/70/75/80');
  });
});

describe('placeholders Data Dragon cannot fill', () => {
  it('are "?" with the unresolved mark, inside the damage colour (current Ahri Q)', () => {
    const nodes = spellTooltipText(ahriQCurrent);
    expect(nodes).toContainEqual({ text: '?', marks: ['magic', 'unresolved'] });
    expect(nodes).toContainEqual({ text: '?', marks: ['true', 'unresolved'] });
    expect(richTextToPlainText(nodes)).toBe(
      'Ahri throws out and pulls back her orb, dealing ? magic damage on the way out and ? true damage on the way back. ',
    );
  });

  it('drop the empty append hooks instead of showing "?"', () => {
    expect(resolveSpellPlaceholder(ahriQCurrent, 'spellmodifierdescriptionappend')).toBe('');
  });

  it.each(['qdamage', 'e1NL', 'hpcost*100', '', '1abc', 'a b'])('%j has no value', (expression) => {
    expect(resolveSpellPlaceholder(ahriQCurrent, expression)).toBeNull();
  });

  it('never show raw braces', () => {
    for (const spell of [ahriQOld, ahriQCurrent, annieQ, mundoQ, mundoW, vladimirE, zedQ, garenQ, teemoR]) {
      expect(plain(spell)).not.toMatch(/[{}]/);
      expect(cost(spell)).not.toMatch(/[{}]/);
    }
  });
});

describe('spellTooltipText', () => {
  it('falls back to the description when the tooltip is empty', () => {
    expect(plain({ tooltip: '  ', description: 'Teleports a short distance.' })).toBe(
      'Teleports a short distance.',
    );
  });

  it('is empty for a spell without text', () => {
    expect(spellTooltipText({})).toEqual([]);
  });

  it('does not let markup in a value or the tooltip become markup', () => {
    const spell = {
      tooltip: '<img src=x onerror=alert(1)>Deals {{ e1 }}<script>steal()</script>.',
      effectBurn: [null, '<b onclick=x>80</b>'],
    };
    expect(spellTooltipText(spell)).toEqual([{ text: 'Deals <b onclick=x>80</b>.', marks: [] }]);
  });
});
