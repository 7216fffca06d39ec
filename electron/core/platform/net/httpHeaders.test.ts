import { describe, expect, it } from 'vitest';
import { headerText, retryAfterMs } from './httpHeaders';

describe('HTTP headers', () => {
  it('reads a header by any case, a repeated one joined', () => {
    expect(headerText({ 'content-type': 'text/html' }, 'Content-Type')).toBe('text/html');
    expect(headerText({ 'set-cookie': ['a=1', 'b=2'] }, 'set-cookie')).toBe('a=1,b=2');
    expect(headerText({}, 'location')).toBeUndefined();
  });

  it('reads Retry-After in seconds or as an HTTP date, and nothing else', () => {
    expect(retryAfterMs({ 'retry-after': '4' }, 0)).toBe(4000);
    expect(retryAfterMs({ 'retry-after': ' 1.5 ' }, 0)).toBe(1500);
    expect(retryAfterMs({ 'retry-after': new Date(10_000).toUTCString() }, 4000)).toBe(6000);
    expect(retryAfterMs({ 'retry-after': new Date(1000).toUTCString() }, 4000)).toBe(0);
    expect(retryAfterMs({ 'retry-after': 'soon' }, 0)).toBeNull();
    expect(retryAfterMs({}, 0)).toBeNull();
  });
});
