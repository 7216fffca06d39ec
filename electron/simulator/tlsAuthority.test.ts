import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from './index';
import type { RunningSimulator } from './index';
import { failureCode, fetchJson, smallScenario } from './simulatorTestKit';
import { createTlsAuthority } from './tlsAuthority';

describe('createTlsAuthority', () => {
  it('issues a leaf named only "rclient", signed by the CA, with no 127.0.0.1 SAN', async () => {
    const authority = await createTlsAuthority();
    const ca = new X509Certificate(authority.caPem);
    const leaf = new X509Certificate(authority.leaf.cert);

    expect(ca.ca).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.subject).toBe('CN=rclient');
    expect(leaf.subjectAltName).toBe('DNS:rclient');
    expect(leaf.checkIP('127.0.0.1')).toBeUndefined();
    expect(leaf.checkHost('localhost')).toBeUndefined();
    expect(leaf.checkHost('rclient')).toBe('rclient');
    expect(authority.leaf.key).toContain('-----BEGIN PRIVATE KEY-----');
  });

  it('gives unrelated authorities that do not verify each other', async () => {
    const [first, second] = await Promise.all([createTlsAuthority(), createTlsAuthority()]);
    const leaf = new X509Certificate(second.leaf.cert);
    expect(leaf.verify(new X509Certificate(first.caPem).publicKey)).toBe(false);
  });
});

describe('HTTPS services', () => {
  let sim: RunningSimulator;
  const gamestats = (): string => `${sim.urls.live}/liveclientdata/gamestats`;

  beforeAll(async () => {
    sim = await startSimulator({ scenario: smallScenario(), now: () => 0 });
    await sim.control.advance(5);
  });
  afterAll(() => sim.close());

  it('accept a client that pins the CA and handles the hostname itself', async () => {
    const { status } = await fetchJson(gamestats(), { ca: sim.caPem });
    expect(status).toBe(200);
    expect(await failureCode(`${sim.urls.replay}/replay/game`, { ca: sim.caPem })).toBe('ok');
  });

  it('are rejected by a client with default trust', async () => {
    expect(await failureCode(gamestats(), { checkHostname: true })).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
  });

  it('are rejected by a client that pins the CA but checks the hostname 127.0.0.1', async () => {
    expect(await failureCode(gamestats(), { ca: sim.caPem, checkHostname: true })).toBe(
      'ERR_TLS_CERT_ALTNAME_INVALID',
    );
  });

  it('present an unrelated CA under the unknown-ca fault, then the trusted one again', async () => {
    await sim.control.setFault('live', 'unknown-ca');
    expect(await failureCode(gamestats(), { ca: sim.caPem })).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
    // One port, one certificate: the replay API on it presents the same one.
    expect(await failureCode(`${sim.urls.replay}/replay/game`, { ca: sim.caPem })).toMatch(
      /SELF_SIGNED|UNABLE_TO_VERIFY/,
    );
    await sim.control.setFault('live', null);
    expect(await failureCode(gamestats(), { ca: sim.caPem })).toBe('ok');
  });
});
