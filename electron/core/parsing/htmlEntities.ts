/** The named references merchant pages and game text actually use; others stay as written. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
  bull: '\u2022',
  middot: '\u00b7',
  deg: '\u00b0',
  times: '\u00d7',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  sect: '\u00a7',
  para: '\u00b6',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

const REFERENCE = /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g;

/**
 * Decodes character references, with or without the closing `;`; invalid code points become U+FFFD, as
 * browsers do. The result is plain text: callers never put it back into markup.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    REFERENCE,
    (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (decimal !== undefined || hex !== undefined) {
        const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
        const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
        return valid ? String.fromCodePoint(code) : '\ufffd';
      }
      const key = (name ?? '').toLowerCase();
      return Object.hasOwn(NAMED, key) ? (NAMED[key] ?? whole) : whole;
    },
  );
}
