/**
 * The tray icon, drawn rather than shipped: a gold ring with a dot (the app's accent colour), as a
 * raw bitmap for nativeImage.createFromBitmap: BGRA with premultiplied alpha (Skia's native format).
 * Edges are anti-aliased by coverage.
 */
const ACCENT = { red: 0xc8, green: 0xaa, blue: 0x6e };

export function trayIconBitmap(size: number): { buffer: Buffer; width: number; height: number } {
  const buffer = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const outer = size / 2 - 0.5;
  const ringWidth = Math.max(1.5, size / 8);
  const dot = size / 6;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - centre, y - centre);
      const ring = clamp(outer + 0.5 - distance) * clamp(distance - (outer - ringWidth) + 0.5);
      const core = clamp(dot + 0.5 - distance);
      const alpha = Math.max(ring, core);
      const offset = (y * size + x) * 4;
      buffer[offset] = Math.round(ACCENT.blue * alpha);
      buffer[offset + 1] = Math.round(ACCENT.green * alpha);
      buffer[offset + 2] = Math.round(ACCENT.red * alpha);
      buffer[offset + 3] = Math.round(255 * alpha);
    }
  }
  return { buffer, width: size, height: size };
}

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}
