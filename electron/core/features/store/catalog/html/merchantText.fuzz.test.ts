import { describe } from 'vitest';
import { textInputs } from '../../../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, schemaProblem } from '../../../../tools/testkit/fuzz/parserFuzz';
import { sanitiseMerchantHtml } from './merchantText';
import { HTML_TOKENS, merchantTextSchema } from './merchantHtmlFuzzing';

const BASE = 'https://merch.example.com';

const descriptions = [
  '<p>The <strong>Arena Champion</strong> hoodie, in <em>heavyweight</em> cotton.</p>' +
    '<ul><li>Machine wash cold</li><li>Unisex fit &amp; true to size</li></ul>' +
    '<h2>Sizing</h2><p>See <a href="/pages/size-guide">the size guide</a>.<br>Ships in 2 days.</p>',
  '<div><table><tr><td>Chest</td><td>52&nbsp;cm</td></tr></table><p>Questions? <a href="javascript:alert(1)">Ask</a></p></div>' +
    '<script>alert("x")</script><img src="/cdn/a.png" onerror="alert(1)"><p style="color:red">Red &#x263A;</p>',
];

describe('merchant HTML, fuzzed', () => {
  fuzzParser({
    name: 'merchant HTML',
    inputs: textInputs(descriptions, HTML_TOKENS),
    parse: (html: string) => ({ ok: true, value: sanitiseMerchantHtml(html, { baseUrl: BASE }) }),
    outputProblem: (text) => schemaProblem(merchantTextSchema, text),
  });
});
