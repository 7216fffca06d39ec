import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/** PEM strings as node:https `createServer({ cert, key })` takes them. */
export interface ServerCredentials {
  cert: string;
  key: string;
}

export interface TlsAuthority {
  /** The CA certificate a client pins (like the publisher's riotgames.pem). */
  caPem: string;
  /** Leaf for the HTTPS servers: chain (leaf then CA) and its private key. */
  leaf: ServerCredentials;
}

export interface TlsAuthorityOptions {
  /** Common name of the CA. */
  caName?: string;
  /**
   * The leaf's CN, and by default its only name (DNS SAN). Deliberately not 127.0.0.1, like older
   * game clients (current ones also name localhost and 127.0.0.1), so a client must pin the CA and
   * accept the game client's name itself.
   */
  leafName?: string;
  /** The leaf's subject alternative names instead of the DNS name `leafName`; empty: none, the CN only. */
  leafAltNames?: readonly { type: 'dns' | 'ip'; value: string }[];
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
// x509 signs through the default provider: Node's WebCrypto. Set once, so no DOM crypto types are needed here.
type X509Crypto = NonNullable<Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[1]>;
x509.cryptoProvider.set(webcrypto as unknown as X509Crypto);

async function generateKeys() {
  return webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
}

async function privateKeyPem(key: webcrypto.CryptoKey): Promise<string> {
  const der = await webcrypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

function randomSerial(): string {
  // Positive 16-byte serial: clear the top bit so DER does not read it as negative.
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

/** A fresh test CA and a leaf signed by it, both ECDSA P-256. */
export async function createTlsAuthority(options: TlsAuthorityOptions = {}): Promise<TlsAuthority> {
  const caName = options.caName ?? 'Sightline Simulator Test Certificate Authority';
  const leafName = options.leafName ?? 'rclient';
  const altNames = options.leafAltNames ?? [{ type: 'dns', value: leafName }];
  const notBefore = new Date(Date.now() - DAY_MS);
  const notAfter = new Date(Date.now() + 365 * DAY_MS);

  const caKeys = await generateKeys();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: `CN=${caName}, O=Sightline Simulator`,
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });

  const leafKeys = await generateKeys();
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${leafName}`,
    issuer: ca.subject,
    notBefore,
    notAfter,
    publicKey: leafKeys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      ...(altNames.length > 0 ? [new x509.SubjectAlternativeNameExtension([...altNames])] : []),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });

  const caPem = ca.toString('pem');
  return {
    caPem,
    leaf: { cert: `${leaf.toString('pem')}\n${caPem}\n`, key: await privateKeyPem(leafKeys.privateKey) },
  };
}
