import type { IncomingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { describe } from 'vitest';
import { textInputs } from '../../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, type Parsed } from '../../../tools/testkit/fuzz/parserFuzz';
import { RateBucket } from './rateBucket';
import { readRateLimitHeaders, type RateLimitHeaders } from './rateLimitHeaders';
import { windowMarginFor } from './rateLimiter';

const NOW = 1_700_000_000_000;

const listSamples = ['20:1,100:120', '1:1,1:120', '200000000:1,1:120', '500:10,30000:600', '1:1'];
const listVocabulary = [
  ...'0123456789:, .-+eE',
  '200000000',
  '9'.repeat(30),
  '9'.repeat(400),
  '1e308',
  'NaN',
  'Infinity',
  '0x1F',
];
const retryAfterSamples = ['2', '3600', '0.5', 'Wed, 21 Oct 2015 07:28:00 GMT', '9'.repeat(400)];

const headerText = fc.option(textInputs(listSamples, listVocabulary), { nil: undefined });
const inputs = fc.record({
  'x-app-rate-limit': headerText,
  'x-app-rate-limit-count': headerText,
  'x-method-rate-limit': headerText,
  'x-method-rate-limit-count': headerText,
  'x-rate-limit-type': fc.option(fc.constantFrom('application', 'method', 'service', 'Method', ''), {
    nil: undefined,
  }),
  'retry-after': fc.option(textInputs(retryAfterSamples, listVocabulary), { nil: undefined }),
});

interface Followed {
  headers: RateLimitHeaders;
  /** What a bucket that followed them would wait before the next call. */
  delayMs: number;
}

/** The headers as a response hands them, read and then followed by a bucket, as the limiter does. */
function follow(raw: IncomingHttpHeaders): Followed {
  const headers = readRateLimitHeaders(raw, NOW);
  const bucket = new RateBucket([{ limit: 20, windowMs: 1000 }], windowMarginFor);
  bucket.record(NOW, 1);
  bucket.settle(NOW);
  bucket.sync(headers.appLimits, headers.appCounts, NOW);
  if (headers.retryAfterMs !== null) bucket.pause(NOW + headers.retryAfterMs, 'application');
  return { headers, delayMs: bucket.delay(NOW) };
}

function numbersProblem(headers: RateLimitHeaders): string | null {
  for (const window of [...(headers.appLimits ?? []), ...(headers.methodLimits ?? [])]) {
    if (!Number.isSafeInteger(window.limit) || window.limit <= 0) return `limit ${window.limit}`;
    if (!Number.isSafeInteger(window.windowMs) || window.windowMs <= 0) return `window ${window.windowMs}`;
  }
  for (const counts of [headers.appCounts, headers.methodCounts]) {
    for (const [windowMs, count] of counts ?? []) {
      if (!Number.isSafeInteger(windowMs) || !Number.isSafeInteger(count) || count < 0) {
        return `count ${count} for ${windowMs}`;
      }
    }
  }
  const wait = headers.retryAfterMs;
  if (wait !== null && (!Number.isFinite(wait) || wait < 0)) return `Retry-After of ${wait} ms`;
  return null;
}

describe('rate-limit headers, fuzzed', () => {
  fuzzParser({
    name: 'rate-limit headers',
    inputs,
    parse: (raw): Parsed<Followed> => ({ ok: true, value: follow(raw) }),
    outputProblem: ({ headers, delayMs }) =>
      numbersProblem(headers) ?? (Number.isNaN(delayMs) || delayMs < 0 ? `a delay of ${delayMs}` : null),
  });
});
