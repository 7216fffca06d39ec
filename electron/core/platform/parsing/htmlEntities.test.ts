import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './htmlEntities';

describe('HTML entities', () => {
  it('decodes named, decimal and hex references, with or without the semicolon', () => {
    expect(decodeHtmlEntities('&lt;b&gt; &amp; &#39;x&#39; &#x41; &copy &mdash;')).toBe("<b> & 'x' A © —");
  });

  it('decodes every named reference of the HTML standard, keeps unknown names, and turns invalid code points into U+FFFD', () => {
    expect(decodeHtmlEntities('Caf&eacute; &Ouml;l &frac12; &hearts; &zzzz; &#0; &#xD800; &#x110000;')).toBe(
      'Café Öl ½ ♥ &zzzz; \ufffd \ufffd \ufffd',
    );
  });
});
