import { readFileSync } from 'node:fs';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';

/**
 * Trust for the game clients on 127.0.0.1. The client's certificate chains to the publisher's published root and
 * is named `rclient`; current clients also name localhost and 127.0.0.1, older ones only rclient. So on loopback a
 * certificate must chain to the pinned roots and carry either the address asked for or the game client's name:
 * another certificate from the same roots is refused. Verification is never switched off.
 */
export interface LoopbackTrust {
  /** The only roots accepted: the bundled published root, plus an explicit extra CA (tests, simulator). */
  readonly ca: readonly string[];
  checkServerIdentity(hostname: string, cert: PeerCertificate): Error | undefined;
}

/** The name in the game client's certificate (its CN, and its DNS name in older clients). */
export const GAME_CLIENT_CERTIFICATE_NAME = 'rclient';

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
    checkServerIdentity: (hostname, cert) => {
      const mismatch = checkServerIdentity(hostname, cert);
      if (!mismatch || !isLoopbackHost(hostname)) return mismatch;
      if (!checkServerIdentity(GAME_CLIENT_CERTIFICATE_NAME, cert)) return undefined;
      const names = cert.subjectaltname || `CN=${String(cert.subject?.CN ?? '')}`;
      return Object.assign(
        new Error(
          `The certificate name is not the game client's: expected ${GAME_CLIENT_CERTIFICATE_NAME} or ${hostname}, the certificate names ${names}.`,
        ),
        { code: 'ERR_TLS_CERT_ALTNAME_INVALID', host: hostname, cert },
      );
    },
  };
}

export interface GameClientTrustOptions {
  /** Electron's app.isPackaged: a packaged build trusts the bundled root only. */
  packaged: boolean;
  warn: (message: string) => void;
}

/**
 * The publisher's root certificate as shipped in resources/, plus an optional extra CA file outside packaged builds.
 * In a packaged build the extra CA is ignored: one environment variable would otherwise let any local process that
 * holds that CA's key pose as the game client.
 */
export function loadGameClientTrust(
  bundledRootFile: string,
  extraCaFile: string | null,
  options: GameClientTrustOptions = { packaged: false, warn: () => undefined },
): LoopbackTrust {
  const pems = [readFileSync(bundledRootFile, 'utf8')];
  if (extraCaFile && options.packaged) {
    options.warn(
      'SIGHTLINE_LIVE_CA is ignored in packaged builds: only the bundled game client root is trusted.',
    );
  } else if (extraCaFile) {
    pems.push(readFileSync(extraCaFile, 'utf8'));
  }
  return createLoopbackTrust(pems);
}
