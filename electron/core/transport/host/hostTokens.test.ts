import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHostTokens } from './hostTokens';

const tempDir = () => mkdtemp(join(tmpdir(), 'host-tokens-'));

describe('loadHostTokens', () => {
  it('makes two different per-install tokens, kept readable by the user only, and the same at the next start', async () => {
    const dir = await tempDir();
    const first = await loadHostTokens(dir, null);
    const companion = first.tokenOf('companion');
    const overlay = first.tokenOf('overlay');
    expect(companion).not.toBe(overlay);
    expect(first.kindOf(companion)).toBe('companion');
    expect(first.kindOf(overlay)).toBe('overlay');
    expect(first.kindOf('something-else-0123456789')).toBeNull();
    expect(first.kindOf(null)).toBeNull();
    if (process.platform !== 'win32') {
      expect((await stat(join(dir, 'host-overlay-token'))).mode & 0o777).toBe(0o600);
    }
    const again = await loadHostTokens(dir, null);
    expect([again.tokenOf('companion'), again.tokenOf('overlay')]).toEqual([companion, overlay]);
  });

  it('replaces a token for good: the old one opens nothing, the new one survives a restart', async () => {
    const dir = await tempDir();
    const seen: string[] = [];
    const tokens = await loadHostTokens(dir, null, (token) => seen.push(token));
    const old = tokens.tokenOf('overlay');
    const next = await tokens.rotate('overlay');
    expect(tokens.kindOf(old)).toBeNull();
    expect(tokens.kindOf(next)).toBe('overlay');
    expect(seen).toContain(next); // handed to the logger's redaction
    expect((await readFile(join(dir, 'host-overlay-token'), 'utf8')).trim()).toBe(next);
    expect((await loadHostTokens(dir, null)).tokenOf('overlay')).toBe(next);
  });

  it('keeps SIGHTLINE_HOST_TOKEN for the run: not saved, not replaceable, never equal to the overlay token', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'host-overlay-token'), 'fixed-token-0123456789abcdef');
    const tokens = await loadHostTokens(dir, 'fixed-token-0123456789abcdef');
    expect(tokens.tokenOf('companion')).toBe('fixed-token-0123456789abcdef');
    expect(tokens.tokenOf('overlay')).not.toBe('fixed-token-0123456789abcdef');
    await expect(tokens.rotate('companion')).rejects.toThrow(/SIGHTLINE_HOST_TOKEN/);
    await expect(readFile(join(dir, 'host-token'), 'utf8')).rejects.toThrow();
  });
});
