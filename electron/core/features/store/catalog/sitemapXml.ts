import type { StoreSitemapEntry, StoreSitemapKind } from '@shared/contract/storeCatalog';
import { decodeXML } from 'entities';

/**
 * sitemap.xml, read with patterns rather than an XML parser: the format is flat and a store's sitemap is
 * either an index of child sitemaps or a list of URLs. Entries are kept only on the store's own origin.
 */
export type SitemapDocument =
  { kind: 'index'; sitemaps: string[] } | { kind: 'urlset'; entries: StoreSitemapEntry[] };

const HANDLE = '[a-z0-9]+(?:-[a-z0-9]+)*';
const KINDS: Array<[StoreSitemapKind, RegExp]> = [
  ['product', new RegExp(`^(?:/[a-z]{2}(?:-[a-z]{2})?)?/products/(${HANDLE})/?$`)],
  ['collection', new RegExp(`^(?:/[a-z]{2}(?:-[a-z]{2})?)?/collections/(${HANDLE})/?$`)],
  ['page', /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/pages\/[^/]+\/?$/],
  ['blog', /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/blogs\//],
];

function tagText(block: string, tag: string): string | null {
  const match = new RegExp(
    `<(?:[a-z]+:)?${tag}>\\s*(?:<!\\[CDATA\\[)?([\\s\\S]*?)(?:\\]\\]>)?\\s*</(?:[a-z]+:)?${tag}>`,
    'i',
  ).exec(block);
  return match?.[1] ? decodeXML(match[1].trim()) : null;
}

function blocks(xml: string, tag: string): string[] {
  return xml.match(new RegExp(`<${tag}[\\s>][\\s\\S]*?</${tag}>`, 'gi')) ?? [];
}

export function readSitemap(xml: string, origin: string): SitemapDocument {
  const sameOrigin = (loc: string | null): URL | null => {
    if (loc === null || !URL.canParse(loc)) return null;
    const url = new URL(loc);
    return url.origin === origin ? url : null;
  };
  if (/<sitemapindex[\s>]/i.test(xml)) {
    const sitemaps = blocks(xml, 'sitemap').flatMap((block) => {
      const url = sameOrigin(tagText(block, 'loc'));
      return url ? [url.href] : [];
    });
    return { kind: 'index', sitemaps };
  }
  const entries = blocks(xml, 'url').flatMap((block): StoreSitemapEntry[] => {
    const url = sameOrigin(tagText(block, 'loc'));
    if (url === null) return [];
    const matched = KINDS.find(([, pattern]) => pattern.test(url.pathname));
    const handle = matched ? (matched[1].exec(url.pathname)?.[1] ?? null) : null;
    return [
      { url: url.href, kind: matched?.[0] ?? 'other', handle, lastModified: tagText(block, 'lastmod') },
    ];
  });
  return { kind: 'urlset', entries };
}
