import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SignedMetaDataView } from '@shared/contract';

/**
 * The metaData Sightline puts into every code it creates: the organizer's text with an HMAC-SHA256
 * signature over it, the tournament and a nonce. The service echoes metaData in the callback, so a
 * callback is trusted only when this signature checks out (spec 1 §6.1 recommends validating callbacks
 * with metaData). The secret never leaves the machine (or the receiver's server).
 *
 * The code itself cannot be inside the signature: the service makes a code only after its metadata is
 * set, and no call changes metadata later. So the nonce is the identity of one creation call (a batch of
 * up to CODES_PER_CREATION_CALL codes): the desk records the batch before the call and keeps which codes
 * the call made, and a callback is trusted only when its signature is valid AND its code is a member of
 * the batch the signature names. Codes of one batch share the metaData, so games/by-code (v5) confirms
 * which code a callback's game belongs to (callbackConfirmation.ts). Codes made one per call (before
 * batches) have a nonce of their own.
 */
export interface SignedContent {
  tournamentId: number;
  /** The organizer's own metadata text. */
  text: string;
}

export type MetaDataCheck = ({ ok: true; nonce: string } & SignedContent) | { ok: false; reason: string };

const VERSION = 1;
const envelopeSchema = z.object({
  sl: z.literal(VERSION),
  t: z.number().int().positive(),
  n: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  m: z.string(),
  s: z.string().regex(/^[0-9a-f]{64}$/),
});

const signedText = (tournamentId: number, nonce: string, text: string): string =>
  `sightline-callback-v${VERSION}\n${tournamentId}\n${nonce}\n${text}`;

const hmac = (secret: Buffer, tournamentId: number, nonce: string, text: string): string =>
  createHmac('sha256', secret)
    .update(signedText(tournamentId, nonce, text))
    .digest('hex');

/** A fresh nonce for one creation call: the batch identity every code of that call is signed with. */
export function newBatchNonce(): string {
  return randomBytes(9).toString('base64url');
}

export function signMetaData(secret: Buffer, content: SignedContent, nonce = newBatchNonce()): string {
  return JSON.stringify({
    sl: VERSION,
    t: content.tournamentId,
    n: nonce,
    m: content.text,
    s: hmac(secret, content.tournamentId, nonce, content.text),
  });
}

export function verifyMetaData(secret: Buffer, metaData: string): MetaDataCheck {
  if (metaData === '') return { ok: false, reason: 'no metaData: the callback carries no signature' };
  let json: unknown;
  try {
    json = JSON.parse(metaData);
  } catch {
    return { ok: false, reason: 'the metaData is not Sightline’s signed metadata' };
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return { ok: false, reason: 'the metaData is not Sightline’s signed metadata' };
  const { t, n, m, s } = envelope.data;
  const expected = Buffer.from(hmac(secret, t, n, m), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(s, 'hex'))) {
    return {
      ok: false,
      reason: 'the metaData signature is wrong (forged, altered, or signed with another secret)',
    };
  }
  return { ok: true, tournamentId: t, text: m, nonce: n };
}

/** The fields of a signed metaData for display, with whether this desk's secret signed it; null when unsigned. */
export function describeMetaData(secret: Buffer, metaData: string): SignedMetaDataView | null {
  const checked = verifyMetaData(secret, metaData);
  if (checked.ok) return { text: checked.text, tournamentId: checked.tournamentId, signature: 'valid' };
  try {
    const envelope = envelopeSchema.safeParse(JSON.parse(metaData));
    if (envelope.success) return { text: envelope.data.m, tournamentId: envelope.data.t, signature: 'wrong' };
  } catch {
    // Not JSON: not a signed envelope.
  }
  return null;
}

/** The organizer's text of a metaData string, signed or not (for display only, never for trust). */
export function metaDataText(metaData: string): string {
  try {
    const envelope = envelopeSchema.safeParse(JSON.parse(metaData));
    if (envelope.success) return envelope.data.m;
  } catch {
    // Not JSON: someone else's plain text.
  }
  return metaData;
}
