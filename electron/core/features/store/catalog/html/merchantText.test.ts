import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MerchantText, MerchantTextNode } from '@shared/contract/storeCatalog';
import { safeLinkHref, sanitiseMerchantHtml } from './merchantText';

const BASE = 'https://merch.example.com';
const sanitise = (html: string): MerchantText => sanitiseMerchantHtml(html, { baseUrl: BASE });

/** What a browser would get if the tree were written out as HTML: text escaped, only the kept tags. */
function toHtml(nodes: MerchantText): string {
  const escape = (text: string): string =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const one = (node: MerchantTextNode): string => {
    if (node.kind === 'text') return escape(node.text);
    if (node.kind === 'break') return '<br>';
    if (node.kind === 'link') return `<a href="${escape(node.href)}">${toHtml(node.children)}</a>`;
    return `<${node.tag}>${toHtml(node.children)}</${node.tag}>`;
  };
  return nodes.map(one).join('');
}

function allNodes(nodes: MerchantText): MerchantTextNode[] {
  return nodes.flatMap((node) =>
    node.kind === 'text' || node.kind === 'break' ? [node] : [node, ...allNodes(node.children)],
  );
}

const ALLOWED_TAGS = new Set(['p', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em']);

function assertSafe(tree: MerchantText): void {
  for (const node of allNodes(tree)) {
    if (node.kind === 'element') expect(ALLOWED_TAGS.has(node.tag)).toBe(true);
    if (node.kind === 'link') expect(new URL(node.href).protocol).toMatch(/^https?:$/);
  }
  const html = toHtml(tree);
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<(?!\/?(p|h3|h4|ul|ol|li|strong|em|a|br)\b)[a-z]/i);
  expect(html).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
}

describe('sanitiseMerchantHtml', () => {
  it('keeps paragraphs, headings, lists, marks, breaks and http(s) links', () => {
    const tree = sanitise(
      '<h2>Care</h2><p>Wash <b>cold</b>, dry <i>flat</i>.<br>Iron low.</p>' +
        '<ul><li>100% cotton</li><li>Made in <a href="/pages/origin">Portugal</a></li></ul>' +
        '<ol><li>one<li>two</ol>',
    );
    expect(tree).toEqual([
      { kind: 'element', tag: 'h3', children: [{ kind: 'text', text: 'Care' }] },
      {
        kind: 'element',
        tag: 'p',
        children: [
          { kind: 'text', text: 'Wash ' },
          { kind: 'element', tag: 'strong', children: [{ kind: 'text', text: 'cold' }] },
          { kind: 'text', text: ', dry ' },
          { kind: 'element', tag: 'em', children: [{ kind: 'text', text: 'flat' }] },
          { kind: 'text', text: '.' },
          { kind: 'break' },
          { kind: 'text', text: 'Iron low.' },
        ],
      },
      {
        kind: 'element',
        tag: 'ul',
        children: [
          { kind: 'element', tag: 'li', children: [{ kind: 'text', text: '100% cotton' }] },
          {
            kind: 'element',
            tag: 'li',
            children: [
              { kind: 'text', text: 'Made in ' },
              {
                kind: 'link',
                href: 'https://merch.example.com/pages/origin',
                children: [{ kind: 'text', text: 'Portugal' }],
              },
            ],
          },
        ],
      },
      {
        kind: 'element',
        tag: 'ol',
        children: [
          { kind: 'element', tag: 'li', children: [{ kind: 'text', text: 'one' }] },
          { kind: 'element', tag: 'li', children: [{ kind: 'text', text: 'two' }] },
        ],
      },
    ]);
  });

  it('drops scripts, styles, frames, images and handlers, keeping the text around them', () => {
    const tree = sanitise(
      '<p>Hello<script>alert(1)</script><style>p{}</style><img src=x onerror="alert(2)">' +
        '<iframe src="https://evil.example"></iframe> <span onclick="alert(3)">world</span></p>' +
        '<SCRIPT type="text/javascript">document.write("<p>x</p>")</SCRIPT >',
    );
    expect(tree).toEqual([{ kind: 'element', tag: 'p', children: [{ kind: 'text', text: 'Hello world' }] }]);
    assertSafe(tree);
  });

  it('unwraps links whose target is not a plain web address', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'https://user:pass@evil.example/',
    ]) {
      const tree = sanitise(`<p><a href="${href.replace(/"/g, '&quot;')}">click</a></p>`);
      expect(tree, href).toEqual([
        { kind: 'element', tag: 'p', children: [{ kind: 'text', text: 'click' }] },
      ]);
    }
    expect(safeLinkHref('//cdn.example.com/x', BASE)).toBe('https://cdn.example.com/x');
    expect(safeLinkHref('mailto:help@example.com', BASE)).toBeNull();
  });

  it('reads entities as text, so escaped markup stays text and Caf&eacute; reads Café', () => {
    const tree = sanitise('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; caf&eacute; &#233; &#x1F600;</p>');
    expect(tree).toEqual([
      {
        kind: 'element',
        tag: 'p',
        children: [{ kind: 'text', text: '<script>alert(1)</script> & café é 😀' }],
      },
    ]);
    expect(toHtml(tree)).not.toMatch(/<script/i);
  });

  it('turns loose text and divs into paragraphs and survives broken markup', () => {
    expect(sanitise('Plain <div>in a div</div> tail')).toEqual([
      { kind: 'element', tag: 'p', children: [{ kind: 'text', text: 'Plain' }] },
      { kind: 'element', tag: 'p', children: [{ kind: 'text', text: 'in a div' }] },
      { kind: 'element', tag: 'p', children: [{ kind: 'text', text: 'tail' }] },
    ]);
    expect(sanitise('<p>open <b>bold <i>both</p><p>next')).toEqual([
      {
        kind: 'element',
        tag: 'p',
        children: [
          { kind: 'text', text: 'open ' },
          {
            kind: 'element',
            tag: 'strong',
            children: [
              { kind: 'text', text: 'bold ' },
              { kind: 'element', tag: 'em', children: [{ kind: 'text', text: 'both' }] },
            ],
          },
        ],
      },
      { kind: 'element', tag: 'p', children: [{ kind: 'text', text: 'next' }] },
    ]);
    expect(sanitise('')).toEqual([]);
    expect(sanitise('<script>only a script')).toEqual([]);
    expect(sanitise('<<<>>> < p >')).toEqual([
      { kind: 'element', tag: 'p', children: [{ kind: 'text', text: '<<<>>> < p >' }] },
    ]);
  });

  it('does not overflow on deeply nested input', () => {
    const deep = '<div><span><b>'.repeat(5000) + 'bottom' + '</b></span></div>'.repeat(5000);
    const tree = sanitise(deep);
    expect(JSON.stringify(tree)).toContain('bottom');
    assertSafe(tree);
  });

  // Found probing hangs at the 300,000-character input limit: every <script> lower-cased the whole page.
  it('reads a page of many scripts in linear time', () => {
    const started = performance.now();
    expect(sanitise(`${'<script></script>'.repeat(17_000)}<p>after</p>`)).toEqual([
      { kind: 'element', tag: 'p', children: [{ kind: 'text', text: 'after' }] },
    ]);
    // Quadratic, this took seconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('ends a raw-text element at its end tag in any case, after text whose lower case is longer', () => {
    // "İ" lower-cases to two characters, which shifted the offsets of the lower-cased copy.
    expect(sanitise('<script>İİİİ</script><p>kept</p><STYLE>x</Style ><p>too</p>')).toEqual([
      { kind: 'element', tag: 'p', children: [{ kind: 'text', text: 'kept' }] },
      { kind: 'element', tag: 'p', children: [{ kind: 'text', text: 'too' }] },
    ]);
  });

  // Found by the fuzz (merchantText.fuzz.test.ts): the heading table answered Object's constructor.
  it('reads a tag named like a property of Object as any unknown tag', () => {
    expect(sanitise('<constructor>Hi</constructor><valueof>there</valueof>')).toEqual([
      { kind: 'element', tag: 'p', children: [{ kind: 'text', text: 'Hithere' }] },
    ]);
  });

  // Found by the fuzz.
  it('leaves no empty text where a subtree nested past the depth limit holds none', () => {
    const tree = sanitise(`<p>top${'<b>'.repeat(100)}<img src=x></p>`);
    expect(JSON.stringify(tree)).toContain('"text":"top"');
    expect(JSON.stringify(tree)).not.toContain('"text":""');
  });

  const hostileFragments = fc.constantFrom(
    '<script>alert(1)</script>',
    '<script src="https://evil.example/x.js"></script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)><script>alert(2)</script></svg>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JAVASCRIPT:alert(1)">x</a>',
    '<a href="  javascript:alert(1)">x</a>',
    '<a href="java&#x0A;script:alert(1)">x</a>',
    '<a href=javascript:alert(1)>x</a>',
    "<a href='data:text/html;base64,PHNjcmlwdD4='>x</a>",
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<style>@import "javascript:alert(1)"</style>',
    '<p style="background:url(javascript:alert(1))">styled</p>',
    '<body onload=alert(1)>',
    '<object data="javascript:alert(1)"></object>',
    '<math><mtext><script>alert(1)</script></mtext></math>',
    '<scr<script>ipt>alert(1)</script>',
    '</script><script>alert(1)</script>',
    '<!--<script>alert(1)</script>-->',
    '<![CDATA[<script>alert(1)</script>]]>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<textarea><script>alert(1)</script></textarea>',
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<a href="https://ok.example/">ok</a>',
    '<b>bold</b>',
    '<ul><li>item',
    '<h1>Title</h1>',
    '<br/>',
    '&lt;script&gt;',
    '<',
    '>',
    '"',
    "'",
    '=',
    '</p>',
    '<p>',
  );
  const htmlish = fc
    .array(
      fc.oneof(hostileFragments, fc.string({ maxLength: 12 }), fc.constantFrom('<', '>', '/', '"', '=', ' ')),
      {
        maxLength: 30,
      },
    )
    .map((parts) => parts.join(''));

  it('never outputs a script, a handler, another tag or a non-http(s) link (property)', () => {
    fc.assert(
      fc.property(htmlish, (html) => {
        assertSafe(sanitise(html));
      }),
      { numRuns: 1500 },
    );
  });

  it('never throws on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400, unit: 'binary' }), (text) => {
        assertSafe(sanitise(text));
      }),
      { numRuns: 800 },
    );
  });
});
