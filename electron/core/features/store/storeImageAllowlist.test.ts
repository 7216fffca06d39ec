import { describe, expect, it } from 'vitest';
import { createStoreImageAllowlist } from './storeImageAllowlist';

describe('store image allowlist', () => {
  it('knows only the addresses it was given, skipping empty ones', () => {
    const images = createStoreImageAllowlist();
    images.remember(['https://shop.example/a.png', null, undefined, '']);
    expect(images.has('https://shop.example/a.png')).toBe(true);
    expect(images.has('https://shop.example/b.png')).toBe(false);
    expect(images.has('')).toBe(false);
  });

  it('forgets the least recently listed beyond its size', () => {
    const images = createStoreImageAllowlist(2);
    images.remember(['a', 'b']);
    images.remember(['a']);
    images.remember(['c']);
    expect(['a', 'b', 'c'].filter((src) => images.has(src))).toEqual(['a', 'c']);
  });
});
