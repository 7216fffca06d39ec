import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { APP_ICON_FILES, appIconBytes } from './appIconFiles';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const read = (path: string): Buffer => readFileSync(join(ROOT, path));

interface Platform {
  icon: string;
  target: { target: string }[];
}

interface InstallerConfig {
  appId: string;
  productName: string;
  directories: { buildResources: string };
  mac: Platform;
  win: Platform;
  linux: Platform;
}

const config = JSON.parse(read('electron-builder.json').toString('utf8')) as InstallerConfig;

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Each image of an ICO: its directory entry's size (0 is 256) and the PNG it holds. */
function icoImages(ico: Buffer): { width: number; height: number; png: Buffer }[] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + index * 16;
    const offset = ico.readUInt32LE(entry + 12);
    return {
      width: ico[entry] || 256,
      height: ico[entry + 1] || 256,
      png: ico.subarray(offset, offset + ico.readUInt32LE(entry + 8)),
    };
  });
}

describe('the installers’ configuration (electron-builder.json)', () => {
  // The schema is large: compiling it takes seconds on a busy machine.
  it('is valid by electron-builder’s own schema', { timeout: 90_000 }, () => {
    const schema = JSON.parse(read('node_modules/app-builder-lib/scheme.json').toString('utf8')) as object;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...config, nsis: { oneClik: false } })).toBe(false);
  });

  it('builds an NSIS installer for Windows, a dmg for macOS, an AppImage and a deb for Linux', () => {
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(config.productName).toBe('Sightline');
    expect(config.win.target.map(({ target }) => target)).toEqual(['nsis']);
    expect(config.mac.target.map(({ target }) => target)).toEqual(['dmg']);
    expect(config.linux.target.map(({ target }) => target)).toEqual(['AppImage', 'deb']);
  });

  it('names icons of the sizes each platform needs: 1024 px for macOS, 256 px in the ICO, 16 to 512 px for Linux', () => {
    const inBuild = (path: string): string => `${config.directories.buildResources}/${path}`;
    expect(config.mac.icon).toBe(inBuild('icon.png'));
    expect(pngSize(read(config.mac.icon))).toEqual({ width: 1024, height: 1024 });

    expect(config.win.icon).toBe(inBuild('icon.ico'));
    const ico = icoImages(read(config.win.icon));
    expect(ico.map(({ width, height }) => [width, height])).toEqual(
      [16, 24, 32, 48, 64, 128, 256].map((size) => [size, size]),
    );
    for (const image of ico) expect(pngSize(image.png)).toEqual({ width: image.width, height: image.height });

    expect(config.linux.icon).toBe(inBuild('icons'));
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(read(`${config.linux.icon}/${size}x${size}.png`))).toEqual({
        width: size,
        height: size,
      });
    }
  });

  it('ships the icons `npm run icons` draws from the tray icon’s code, unchanged', () => {
    for (const file of APP_ICON_FILES) {
      expect(read(`build/${file.path}`).equals(appIconBytes(file)), file.path).toBe(true);
    }
  });
});
