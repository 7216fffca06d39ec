import { describe, expect, it } from 'vitest';
import { assertSecureWebPreferences, SECURE_WEB_PREFERENCES } from '../security/webPreferences';
import { CASTER_PANEL_SIZE, casterPanelBounds, casterPanelWindowOptions } from './casterPanelOptions';

const bounds = { x: 1376, y: 796, width: 520, height: 220 };

describe('casterPanelWindowOptions', () => {
  const options = casterPanelWindowOptions(bounds, '/p/index.cjs');

  it('stays on top yet takes clicks and focus, unlike an overlay', () => {
    expect(options).toMatchObject({ alwaysOnTop: true, focusable: true });
    expect(options.transparent).toBeUndefined();
    expect(options).not.toHaveProperty('type');
    expect(options.skipTaskbar).toBeUndefined();
  });

  it('is a small opaque window at the given bounds, shown once painted', () => {
    expect(options).toMatchObject({ ...bounds, backgroundColor: '#0f1419', show: false, maximizable: false });
    expect(options.minWidth).toBeLessThanOrEqual(CASTER_PANEL_SIZE.width);
    expect(options.minHeight).toBeLessThanOrEqual(CASTER_PANEL_SIZE.height);
  });

  it('keeps the secure preferences and keeps ticking while the game has focus', () => {
    expect(options.webPreferences).toEqual({
      ...SECURE_WEB_PREFERENCES,
      preload: '/p/index.cjs',
      backgroundThrottling: false,
    });
    expect(() => assertSecureWebPreferences(options.webPreferences)).not.toThrow();
  });
});

describe('casterPanelBounds', () => {
  it('puts the panel in the bottom-right corner of the work area', () => {
    expect(casterPanelBounds({ x: 0, y: 0, width: 1920, height: 1040 })).toEqual(bounds);
  });

  it('follows a work area that does not start at the origin', () => {
    expect(casterPanelBounds({ x: -1280, y: 40, width: 1280, height: 984 }, 10)).toEqual({
      x: -1280 + 1280 - 520 - 10,
      y: 40 + 984 - 220 - 10,
      width: 520,
      height: 220,
    });
  });

  it('never extends beyond a work area smaller than the panel', () => {
    expect(casterPanelBounds({ x: 100, y: 100, width: 400, height: 150 })).toEqual({
      x: 100,
      y: 100,
      width: 400,
      height: 150,
    });
  });
});
