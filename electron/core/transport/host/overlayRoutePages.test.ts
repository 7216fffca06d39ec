import { describe, expect, it } from 'vitest';
import { overlayRoutePage, type BuiltChunk } from './overlayRoutePages';

const PAGE = [
  '<!doctype html>',
  '<html>',
  '  <head>',
  '    <script type="module" crossorigin src="/assets/overlay.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/core.js">',
  '  </head>',
  '  <body></body>',
  '</html>',
].join('\n');

const chunk = (fileName: string, imports: string[] = [], css: string[] = []): BuiltChunk => ({
  fileName,
  imports,
  css,
});

// The overlay entry and the chunk every view shares with it; two views, one of them with a library of its own.
const CHUNKS = new Map(
  [
    chunk('assets/overlay.js', ['assets/core.js']),
    chunk('assets/core.js', [], ['assets/core.css']),
    chunk('assets/liveViews.js', ['assets/core.js', 'assets/query.js'], ['assets/live.css']),
    chunk('assets/query.js', ['assets/notice.js'], ['assets/query.css']),
    chunk('assets/notice.js', ['assets/core.js']),
    chunk('assets/cardViews.js', ['assets/core.js', 'assets/notice.js'], ['assets/card.css']),
  ].map((built) => [built.fileName, built]),
);
const entry = CHUNKS.get('assets/overlay.js') as BuiltChunk;
const view = (fileName: string) => CHUNKS.get(fileName) as BuiltChunk;

const hrefs = (html: string, rel: string): string[] =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, 'g'))].map(
    (m) => m[1] ?? '',
  );

describe('an overlay route’s page', () => {
  it('preloads its view’s chunk and every chunk that imports, with their styles, beyond what the entry loads', () => {
    const html = overlayRoutePage(PAGE, entry, view('assets/liveViews.js'), CHUNKS, '/');
    expect(hrefs(html, 'modulepreload')).toEqual([
      '/assets/core.js',
      '/assets/liveViews.js',
      '/assets/query.js',
      '/assets/notice.js',
    ]);
    expect(hrefs(html, 'stylesheet')).toEqual(['/assets/live.css', '/assets/query.css']);
  });

  it('names no other view’s chunks', () => {
    const html = overlayRoutePage(PAGE, entry, view('assets/cardViews.js'), CHUNKS, '/');
    expect(hrefs(html, 'modulepreload')).toEqual([
      '/assets/core.js',
      '/assets/cardViews.js',
      '/assets/notice.js',
    ]);
    expect(hrefs(html, 'stylesheet')).toEqual(['/assets/card.css']);
  });

  it('keeps the page as it was around the links, which close the head on lines of their own', () => {
    const html = overlayRoutePage(PAGE, entry, view('assets/cardViews.js'), CHUNKS, '/');
    expect(
      html.replace(
        /^ {4}<link rel="(modulepreload|stylesheet)" crossorigin href="\/assets\/(cardViews\.js|notice\.js|card\.css)">\n/gm,
        '',
      ),
    ).toBe(PAGE);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/card.css">\n {2}<\/head>/);
  });

  it('fails the build on a page without a head, or a chunk that imports one the build did not make', () => {
    expect(() => overlayRoutePage('<body></body>', entry, view('assets/cardViews.js'), CHUNKS, '/')).toThrow(
      /no <\/head>/,
    );
    const broken = chunk('assets/broken.js', ['assets/gone.js']);
    expect(() => overlayRoutePage(PAGE, entry, broken, CHUNKS, '/')).toThrow(/imports assets\/gone.js/);
  });
});
