import { readFileSync } from 'node:fs';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';

/**
 * Trust for the game clients on 127.0.0.1. The client's certificate chains to the publisher's
 * published root, but its name is not 127.0.0.1, so we verify the chain against that root only
 * and skip the name check for loopback addresses only. Verification is never switched off.
 */
export interface LoopbackTrust {
  /** The only roots accepted: the bundled published root, plus an explicit extra CA (tests, simulator). */
  readonly ca: readonly string[];
  checkServerIdentity(hostname: string, cert: PeerCertificate): Error | undefined;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function createLoopbackTrust(caPems: readonly string[]): LoopbackTrust {
  if (caPems.length === 0 || caPems.some((pem) => !pem.includes('-----BEGIN CERTIFICATE-----'))) {
    throw new Error('The game client trust needs at least one PEM certificate.');
  }
  return {
    ca: caPems,
    checkServerIdentity: (hostname, cert) =>
      isLoopbackHost(hostname) ? undefined : checkServerIdentity(hostname, cert),
  };
}

/** The publisher's root certificate as shipped in resources/, plus an optional extra CA file. */
export function loadGameClientTrust(bundledRootFile: string, extraCaFile: string | null): LoopbackTrust {
  const pems = [readFileSync(bundledRootFile, 'utf8')];
  if (extraCaFile) pems.push(readFileSync(extraCaFile, 'utf8'));
  return createLoopbackTrust(pems);
}
