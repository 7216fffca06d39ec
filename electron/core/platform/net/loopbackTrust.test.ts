import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTlsAuthority } from '../../../simulator/tlsAuthority';
import { loadGameClientTrust } from './loopbackTrust';

const bundledRoot = fileURLToPath(new URL('../../../../resources/riotgames.pem', import.meta.url));

describe('loadGameClientTrust', () => {
  let dir: string;
  let extraCa: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trust-'));
    extraCa = join(dir, 'ca.pem');
    await writeFile(extraCa, (await createTlsAuthority()).caPem);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const load = (packaged: boolean) => {
    const warnings: string[] = [];
    const trust = loadGameClientTrust(bundledRoot, extraCa, {
      packaged,
      warn: (message) => warnings.push(message),
    });
    return { trust, warnings };
  };

  it('adds the extra CA outside packaged builds', () => {
    const { trust, warnings } = load(false);
    expect(trust.ca).toHaveLength(2);
    expect(warnings).toEqual([]);
  });

  it('ignores the extra CA in a packaged build, with a warning', () => {
    const { trust, warnings } = load(true);
    expect(trust.ca).toHaveLength(1);
    expect(trust.ca[0]).toContain('-----BEGIN CERTIFICATE-----');
    expect(warnings).toEqual([expect.stringContaining('SIGHTLINE_LIVE_CA is ignored in packaged builds')]);
  });

  it('trusts the bundled root alone when no extra CA is named', () => {
    expect(loadGameClientTrust(bundledRoot, null, { packaged: true, warn: () => undefined }).ca).toHaveLength(
      1,
    );
  });
});
