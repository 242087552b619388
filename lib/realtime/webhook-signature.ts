/**
 * Verification of Standard Webhooks signatures (standardwebhooks.com, "Verifying
 * webhooks"): `webhook-signature` holds space-separated `v1,<base64>` entries, each
 * an HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}` keyed with the
 * base64 part of the `whsec_` secret. Signing is the service's documented
 * extension (README: decisions), so it is checked only when present.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_MS = 5 * 60_000;
const SECRET_PREFIX = 'whsec_';

export interface SignatureHeaders {
  id: string;
  timestamp: string;
  signature: string;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'malformed' | 'stale_timestamp' | 'mismatch' };

/** The three headers, or null when the delivery carries no signature at all. */
export function readSignatureHeaders(headers: Record<string, string | string[] | undefined>): SignatureHeaders | null {
  const id = single(headers['webhook-id']);
  const timestamp = single(headers['webhook-timestamp']);
  const signature = single(headers['webhook-signature']);
  if (id === undefined && timestamp === undefined && signature === undefined) return null;
  return { id: id ?? '', timestamp: timestamp ?? '', signature: signature ?? '' };
}

export function verifyWebhookSignature(input: {
  secret: string;
  headers: SignatureHeaders;
  body: Buffer;
  now: number;
}): SignatureCheck {
  const { id, timestamp, signature } = input.headers;
  if (!id || !/^\d{1,12}$/.test(timestamp) || !signature) return { ok: false, reason: 'malformed' };
  // The timestamp is signed too, so this window is what stops a captured delivery being replayed later.
  if (Math.abs(input.now - Number(timestamp) * 1000) > TOLERANCE_MS) return { ok: false, reason: 'stale_timestamp' };
  const expected = createHmac('sha256', signingKey(input.secret))
    .update(`${id}.${timestamp}.`)
    .update(input.body)
    .digest();
  const matches = signature.split(' ').some((entry) => {
    const [version, encoded] = entry.split(',', 2);
    if (version !== 'v1' || !encoded) return false;
    const given = Buffer.from(encoded, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'mismatch' };
}

function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
