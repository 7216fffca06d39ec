import { describe, expect, it } from 'vitest';
import { assertSecureWebPreferences, SECURE_WEB_PREFERENCES } from '../security/webPreferences';
import {
  companionWindowOptions,
  OVERLAY_TOP_LEVEL,
  overlayBounds,
  overlayWindowOptions,
} from './windowOptions';

const bounds = { x: 10, y: 20, width: 480, height: 160 };

describe('companionWindowOptions', () => {
  it('is an ordinary window with the secure preferences and the preload', () => {
    const options = companionWindowOptions('/app/out/preload/index.cjs');
    expect(options.webPreferences).toEqual({
      ...SECURE_WEB_PREFERENCES,
      preload: '/app/out/preload/index.cjs',
    });
    expect(() => assertSecureWebPreferences(options.webPreferences)).not.toThrow();
    expect(options.show).toBe(false);
    expect(options.transparent).toBeUndefined();
  });
});

describe('overlayWindowOptions', () => {
  const options = overlayWindowOptions(bounds, '/p/index.cjs', 'linux');

  it('is a transparent, frameless, fixed window at the given bounds', () => {
    expect(options).toMatchObject({
      ...bounds,
      transparent: true,
      frame: false,
      resizable: false,
      movable: false,
      hasShadow: false,
      backgroundColor: '#00000000',
      show: false,
    });
  });

  it('stays on top, out of the taskbar, and never takes focus from the game', () => {
    expect(options).toMatchObject({ alwaysOnTop: true, skipTaskbar: true, focusable: false });
  });

  it('keeps the secure preferences and is never throttled', () => {
    expect(options.webPreferences).toEqual({
      ...SECURE_WEB_PREFERENCES,
      preload: '/p/index.cjs',
      backgroundThrottling: false,
    });
    expect(() => assertSecureWebPreferences(options.webPreferences)).not.toThrow();
  });

  it('is a toolbar window on Windows only (kept out of Alt+Tab)', () => {
    expect(overlayWindowOptions(bounds, '/p', 'win32').type).toBe('toolbar');
    expect(overlayWindowOptions(bounds, '/p', 'darwin')).not.toHaveProperty('type');
    expect(options).not.toHaveProperty('type');
  });

  it('uses the screen-saver level', () => {
    expect(OVERLAY_TOP_LEVEL).toBe('screen-saver');
  });
});

describe('overlayBounds', () => {
  const workArea = { x: 0, y: 0, width: 1920, height: 1040 };

  it('puts the overlay in the top-right corner of the work area, inset by the margin', () => {
    expect(overlayBounds({ width: 480, height: 160 }, workArea)).toEqual({
      x: 1416,
      y: 24,
      width: 480,
      height: 160,
    });
  });

  it('follows a work area that does not start at the origin (second display, top taskbar)', () => {
    expect(
      overlayBounds({ width: 480, height: 160 }, { x: 1920, y: 40, width: 1280, height: 984 }, 10),
    ).toEqual({
      x: 1920 + 1280 - 480 - 10,
      y: 50,
      width: 480,
      height: 160,
    });
  });

  it('makes a full-screen overlay (the arena’s) cover the whole area, on a larger display too', () => {
    const large = { x: 1920, y: 0, width: 2560, height: 1440 };
    expect(overlayBounds({ width: 1920, height: 1080 }, large)).toEqual(large);
  });

  it('never extends beyond a work area smaller than the overlay', () => {
    const small = { x: 100, y: 100, width: 300, height: 100 };
    const placed = overlayBounds({ width: 480, height: 160 }, small);
    expect(placed).toEqual({ x: 100, y: 100, width: 300, height: 100 });
  });
});
