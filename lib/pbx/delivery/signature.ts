/**
 * Standard Webhooks signing (an extension of the service, off by default): the
 * secret is `whsec_` + base64 key bytes; the signature is HMAC-SHA256 over
 * `<webhook-id>.<webhook-timestamp>.<exact body>` with that key, base64, as `v1,<sig>`.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A fresh secret; crypto randomness, not the simulation's injected random, because it guards deliveries. */
export function newSigningSecret(): string {
  return PREFIX + randomBytes(24).toString('base64');
}

export function signatureHeaders(secret: string, messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
