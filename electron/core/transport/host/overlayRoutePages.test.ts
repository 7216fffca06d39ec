import { describe, expect, it } from 'vitest';
import { overlayRoutePage, overlayRoutePagePath } from './overlayRoutePages';

const TEMPLATE = [
  '<!doctype html>',
  '<html class="overlay-mode">',
  '  <head>',
  '    <title>Sightline overlay</title>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
].join('\n');

describe('an overlay route’s page', () => {
  it('names its feature’s one script and its style sheets in the head, in the page it was made from', () => {
    const html = overlayRoutePage(
      TEMPLATE,
      { script: 'assets/overlay-live-abc.js', styles: ['assets/overlay-live-def.css'] },
      '/',
    );
    expect(html).toBe(
      [
        '<!doctype html>',
        '<html class="overlay-mode">',
        '  <head>',
        '    <title>Sightline overlay</title>',
        '    <script type="module" crossorigin src="/assets/overlay-live-abc.js"></script>',
        '    <link rel="stylesheet" crossorigin href="/assets/overlay-live-def.css">',
        '  </head>',
        '  <body><div id="root"></div></body>',
        '</html>',
      ].join('\n'),
    );
  });

  it('names files under the build’s base, and a bundle without styles by its script alone', () => {
    const html = overlayRoutePage(TEMPLATE, { script: 'assets/overlay-status.js', styles: [] }, '/app/');
    expect([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1])).toEqual([
      '/app/assets/overlay-status.js',
    ]);
  });

  it('refuses a page without a head, or one that names a script already', () => {
    const bundle = { script: 'assets/overlay-card.js', styles: [] };
    expect(() => overlayRoutePage('<html><body></body></html>', bundle, '/')).toThrow(/no <\/head>/);
    const scripted = TEMPLATE.replace(
      '</head>',
      '<script type="module" src="/src/main.tsx"></script></head>',
    );
    expect(() => overlayRoutePage(scripted, bundle, '/')).toThrow(/names a script of its own/);
  });

  it('lives at overlay/<name>.html in the built renderer', () => {
    expect(overlayRoutePagePath('deck-tracker-compact')).toBe('overlay/deck-tracker-compact.html');
  });
});
