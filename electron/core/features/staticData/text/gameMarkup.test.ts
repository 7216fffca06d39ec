import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { richTextSchema, richTextToPlainText } from '@shared/contract/richText';
import type { RichText } from '@shared/contract/richText';
import { parseGameMarkup } from './gameMarkup';

const plain = (nodes: RichText) => richTextToPlainText(nodes);

describe('parseGameMarkup: tags become marks', () => {
  it('keeps plain text as one run without marks', () => {
    expect(parseGameMarkup('Ahri gains Movement Speed.')).toEqual([
      { text: 'Ahri gains Movement Speed.', marks: [] },
    ]);
  });

  it.each([
    ['<magicDamage>80 magic damage</magicDamage>', 'magic'],
    ['<physicalDamage>60 physical damage</physicalDamage>', 'physical'],
    ['<trueDamage>40 true damage</trueDamage>', 'true'],
    ['<healing>50 Health</healing>', 'heal'],
    ['<shield>100 Shield</shield>', 'shield'],
    ['<status>Stuns</status>', 'status'],
    ['<active>Active -</active>', 'active'],
    ['<passive>Passive:</passive>', 'passive'],
    ['<stats>25 Ability Power</stats>', 'stat'],
    ['<scaleAP>(+60% AP)</scaleAP>', 'scaling'],
    ['<scaleBonus>(+50% bonus AD)</scaleBonus>', 'scaling'],
    ['<rarityMythic>Mythic Passive:</rarityMythic>', 'rarity'],
    ['<rarityLegendary>Legendary</rarityLegendary>', 'rarity'],
    ['<keywordMajor>Spellblade</keywordMajor>', 'keyword'],
    ['<speed>Move Speed</speed>', 'speed'],
    ['<spellName>Orb of Deception</spellName>', 'spell-name'],
    ['<unique>UNIQUE Passive</unique>', 'unique'],
    ['<b>bold</b>', 'bold'],
    ['<i>italic</i>', 'italic'],
    ['<rules>Does not stack.</rules>', 'italic'],
    ["<font color='#FF9900'>Toggle:</font>", 'highlight'],
    ['<span class="colorFF9900">Toggle:</span>', 'highlight'],
    ['<attention>25</attention>', 'highlight'],
  ])('%s → %s', (source, mark) => {
    const nodes = parseGameMarkup(source);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ marks: [mark] });
  });

  it('matches tag names case-insensitively', () => {
    expect(parseGameMarkup('<MAGICDAMAGE>x</magicdamage>')).toEqual([{ text: 'x', marks: ['magic'] }]);
  });

  it('stacks marks of nested tags and drops them as each tag closes', () => {
    expect(parseGameMarkup('<active>Active: <status>Stun</status> then</active> done')).toEqual([
      { text: 'Active: ', marks: ['active'] },
      { text: 'Stun', marks: ['active', 'status'] },
      { text: ' then', marks: ['active'] },
      { text: ' done', marks: [] },
    ]);
  });

  it('does not repeat a mark that two nested tags give', () => {
    expect(parseGameMarkup('<b><strong>x</strong></b>')).toEqual([{ text: 'x', marks: ['bold'] }]);
  });

  it('gives a span without a colour class no mark', () => {
    expect(parseGameMarkup('<span class="size20">x</span>')).toEqual([{ text: 'x', marks: [] }]);
  });

  it('drops unknown tags and keeps their content', () => {
    expect(parseGameMarkup('<mainText><newTag data-x="1">Hello</newTag></mainText>')).toEqual([
      { text: 'Hello', marks: [] },
    ]);
  });

  it('ignores a closing tag that closes nothing, and ends an unclosed tag at the end of the text', () => {
    expect(parseGameMarkup('a</status><status>b')).toEqual([
      { text: 'a', marks: [] },
      { text: 'b', marks: ['status'] },
    ]);
  });

  it('closes inner tags left open when their parent closes', () => {
    expect(parseGameMarkup('<active>a<status>b</active>c')).toEqual([
      { text: 'a', marks: ['active'] },
      { text: 'b', marks: ['active', 'status'] },
      { text: 'c', marks: [] },
    ]);
  });

  it('reads the card game keyword markup', () => {
    expect(
      parseGameMarkup('<link=vocab.Strike><style=Vocab>Strike</style></link>: Deal 1 to the Nexus.'),
    ).toEqual([
      { text: 'Strike', marks: ['keyword'] },
      { text: ': Deal 1 to the Nexus.', marks: [] },
    ]);
  });
});

describe('parseGameMarkup: line breaks', () => {
  it.each(['<br>', '<br/>', '<br />', '<BR>', '\n', '\r\n'])('%j is a line break', (separator) => {
    expect(parseGameMarkup(`one${separator}two`)).toEqual([
      { text: 'one', marks: [] },
      { lineBreak: true },
      { text: 'two', marks: [] },
    ]);
  });

  it('keeps a paragraph break as two line breaks', () => {
    expect(parseGameMarkup('a<br><br>b').filter((node) => 'lineBreak' in node)).toHaveLength(2);
  });

  it('trims line breaks at the start and the end', () => {
    expect(parseGameMarkup('<br>a<br><br>')).toEqual([{ text: 'a', marks: [] }]);
  });

  it('starts each list item on a new line', () => {
    const nodes = parseGameMarkup(
      '<mainText><stats><attention>25</attention> Ability Power</stats><br><li><passive>Haste:</passive> Gain speed.</li></mainText>',
    );
    expect(nodes).toEqual([
      { text: '25', marks: ['stat', 'highlight'] },
      { text: ' Ability Power', marks: ['stat'] },
      { lineBreak: true },
      { lineBreak: true },
      { text: 'Haste:', marks: ['passive'] },
      { text: ' Gain speed.', marks: [] },
    ]);
  });
});

describe('parseGameMarkup: nothing becomes markup', () => {
  it('drops a script element with its content', () => {
    expect(parseGameMarkup('Deals <script>alert(document.cookie)</script>damage.')).toEqual([
      { text: 'Deals damage.', marks: [] },
    ]);
  });

  it('drops everything after a script element that never closes', () => {
    expect(parseGameMarkup('Safe <SCRIPT src="//evil.example/x.js">alert(1)')).toEqual([
      { text: 'Safe ', marks: [] },
    ]);
  });

  it('drops an image tag with an event handler, attributes and all', () => {
    const nodes = parseGameMarkup('<img src=x onerror="alert(1)">Orb<img src=y onerror=alert(2) />');
    expect(nodes).toEqual([{ text: 'Orb', marks: [] }]);
  });

  it('never copies attributes, even from tags it understands', () => {
    const nodes = parseGameMarkup(`<font color='#FF9900' onmouseover="alert(1)">hi</font>`);
    expect(nodes).toEqual([{ text: 'hi', marks: ['highlight'] }]);
  });

  it('turns escaped markup into harmless plain text', () => {
    const nodes = parseGameMarkup('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;x&#39; &#x41;');
    expect(nodes).toEqual([{ text: "<script>alert(1)</script> & 'x' A", marks: [] }]);
  });

  it('keeps a lone "<" that starts no tag', () => {
    expect(plain(parseGameMarkup('if 5 < 6 and 7 > 3'))).toBe('if 5 < 6 and 7 > 3');
  });

  it('drops HTML comments', () => {
    expect(plain(parseGameMarkup('a<!-- <script>x</script> -->b'))).toBe('ab');
  });

  it('always yields nodes of the contract shape, without braces or tags from the source', () => {
    const piece = fc.constantFrom(
      '<br>',
      '<script>',
      '</script>',
      '<img src=x onerror=alert(1)>',
      '<magicDamage>',
      '</magicDamage>',
      '{{ e1 }}',
      '{{',
      '}}',
      '{',
      '&lt;',
      '&#123;',
      '<',
      '>',
      'text',
      ' ',
      '\n',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(piece).map((parts) => parts.join('')),
        ),
        (source) => {
          const nodes = parseGameMarkup(source, (expression) => (expression === 'e1' ? '80' : null));
          expect(richTextSchema.safeParse(nodes).success).toBe(true);
          for (const node of nodes) {
            if ('text' in node) {
              expect(node.text).not.toMatch(/[{}]/);
              expect(node.text).not.toBe('');
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('parseGameMarkup: placeholders', () => {
  it('hands the trimmed expression to the resolver and keeps the surrounding marks', () => {
    const seen: string[] = [];
    const nodes = parseGameMarkup('<magicDamage>{{  e1 }} damage</magicDamage>', (expression) => {
      seen.push(expression);
      return '80/130';
    });
    expect(seen).toEqual(['e1']);
    expect(nodes).toEqual([{ text: '80/130 damage', marks: ['magic'] }]);
  });

  it('shows a placeholder it cannot resolve as "?" with the unresolved mark', () => {
    expect(parseGameMarkup('Deals <magicDamage>{{ qdamage }}</magicDamage>.')).toEqual([
      { text: 'Deals ', marks: [] },
      { text: '?', marks: ['magic', 'unresolved'] },
      { text: '.', marks: [] },
    ]);
  });

  it('drops a placeholder the resolver says adds nothing', () => {
    expect(parseGameMarkup('Done.{{ spellmodifierdescriptionappend }}', () => '')).toEqual([
      { text: 'Done.', marks: [] },
    ]);
  });

  it('treats an unterminated placeholder as unresolved instead of printing it', () => {
    expect(parseGameMarkup('Deals {{ e1 damage', () => '80')).toEqual([
      { text: 'Deals ', marks: [] },
      { text: '?', marks: ['unresolved'] },
      { text: ' damage', marks: [] },
    ]);
  });

  it('never passes braces through from a resolved value', () => {
    expect(parseGameMarkup('x {{ e1 }}', () => '{{ e2 }}')).toEqual([
      { text: 'x ', marks: [] },
      { text: '?', marks: ['unresolved'] },
    ]);
  });
});
