import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeMetaData,
  metaDataText,
  newBatchNonce,
  signMetaData,
  verifyMetaData,
} from './metaDataSignature';
import { loadOrCreateSigningSecret } from './signingSecret';

const secret = randomBytes(32);

describe('signed metaData', () => {
  it('verifies what it signed and gives back the tournament, the nonce and the organizer text', () => {
    const nonce = newBatchNonce();
    const metaData = signMetaData(secret, { tournamentId: 42, text: '{"title":"Final"}' }, nonce);
    expect(verifyMetaData(secret, metaData)).toEqual({
      ok: true,
      tournamentId: 42,
      text: '{"title":"Final"}',
      nonce,
    });
    expect(metaDataText(metaData)).toBe('{"title":"Final"}');
  });

  it('signs each code with its own nonce, which cannot be swapped for another', () => {
    const first = signMetaData(secret, { tournamentId: 42, text: 'Game 1' });
    const second = signMetaData(secret, { tournamentId: 42, text: 'Game 1' });
    const nonceOf = (metaData: string) => (JSON.parse(metaData) as { n: string }).n;
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    const swapped = JSON.stringify({ ...(JSON.parse(first) as object), n: nonceOf(second) });
    expect(verifyMetaData(secret, swapped).ok).toBe(false);
  });

  it('refuses altered text, another tournament, another secret, and unsigned metaData', () => {
    const metaData = signMetaData(secret, { tournamentId: 42, text: 'Game 1' });
    const envelope = JSON.parse(metaData) as Record<string, unknown>;
    const altered = JSON.stringify({ ...envelope, m: 'Game 1 - red wins' });
    const moved = JSON.stringify({ ...envelope, t: 43 });
    expect(verifyMetaData(secret, altered)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('signature is wrong'),
    });
    expect(verifyMetaData(secret, moved).ok).toBe(false);
    expect(verifyMetaData(randomBytes(32), metaData).ok).toBe(false);
    expect(verifyMetaData(secret, '{"title":"Final"}')).toMatchObject({ ok: false });
    expect(verifyMetaData(secret, '')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no metaData'),
    });
    expect(verifyMetaData(secret, 'not json')).toMatchObject({ ok: false });
  });

  it('keeps the secret in a 0600 file, made once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-secret-'));
    const file = join(dir, 'tournament-signing-secret');
    const first = await loadOrCreateSigningSecret(file);
    const again = await loadOrCreateSigningSecret(file);
    expect(again.equals(first)).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    await writeFile(file, 'garbage');
    await expect(loadOrCreateSigningSecret(file)).rejects.toThrow('not 64 hex digits');
  });
});

describe('signed metaData for display', () => {
  it('gives its fields and whether this desk signed it, and nothing for plain text', () => {
    const metaData = signMetaData(secret, { tournamentId: 42, text: 'Semi final' });
    expect(describeMetaData(secret, metaData)).toEqual({
      text: 'Semi final',
      tournamentId: 42,
      signature: 'valid',
    });
    expect(describeMetaData(randomBytes(32), metaData)).toEqual({
      text: 'Semi final',
      tournamentId: 42,
      signature: 'wrong',
    });
    expect(describeMetaData(secret, 'Semi final')).toBeNull();
    expect(describeMetaData(secret, '{"title":"Final"}')).toBeNull();
  });
});
