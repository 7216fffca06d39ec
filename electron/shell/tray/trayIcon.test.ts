import { describe, expect, it } from 'vitest';
import { trayIconBitmap } from './trayIcon';

function pixel(bitmap: ReturnType<typeof trayIconBitmap>, x: number, y: number) {
  const offset = (y * bitmap.width + x) * 4;
  const [b = 0, g = 0, r = 0, a = 0] = bitmap.buffer.subarray(offset, offset + 4);
  return { r, g, b, a };
}

describe('trayIconBitmap', () => {
  const icon = trayIconBitmap(32);

  it('is a square BGRA bitmap of the asked size', () => {
    expect(icon.width).toBe(32);
    expect(icon.height).toBe(32);
    expect(icon.buffer.length).toBe(32 * 32 * 4);
  });

  it('draws an opaque dot and ring on a transparent background', () => {
    expect(pixel(icon, 0, 0).a).toBe(0);
    expect(pixel(icon, 16, 16)).toEqual({ r: 0xc8, g: 0xaa, b: 0x6e, a: 255 });
    expect(pixel(icon, 16, 1).a).toBe(255);
    expect(pixel(icon, 16, 9).a).toBe(0);
  });

  it('premultiplies colour by alpha, as Skia expects', () => {
    for (let i = 0; i < icon.buffer.length; i += 4) {
      const alpha = icon.buffer[i + 3] ?? 0;
      expect(icon.buffer[i + 2] ?? 0).toBeLessThanOrEqual(alpha);
    }
  });
});
