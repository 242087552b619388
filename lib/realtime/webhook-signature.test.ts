import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSignatureHeaders, verifyWebhookSignature } from './webhook-signature';

// The example of the Standard Webhooks reference libraries.
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const timestamp = '1614265330';
const body = Buffer.from('{"test": 2432232314}');
const signature = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const signedAt = 1614265330_000;

describe('verifyWebhookSignature', () => {
  it('accepts the reference example when the clock is at its timestamp', () => {
    expect(verifyWebhookSignature({ secret, headers: { id, timestamp, signature }, body, now: signedAt })).toEqual({ ok: true });
  });

  it('accepts when one of several signatures matches', () => {
    const headers = { id, timestamp, signature: `v1,bm90IGl0 ${signature}` };
    expect(verifyWebhookSignature({ secret, headers, body, now: signedAt })).toEqual({ ok: true });
  });

  it('accepts a signature made with the key of a secret without the whsec_ prefix', () => {
    const bare = Buffer.from('another-signing-key').toString('base64');
    const mac = createHmac('sha256', Buffer.from(bare, 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64');
    const headers = { id, timestamp, signature: `v1,${mac}` };
    expect(verifyWebhookSignature({ secret: bare, headers, body, now: signedAt })).toEqual({ ok: true });
  });

  it('refuses with mismatch when the body was changed', () => {
    const changed = Buffer.from('{"test": 2432232315}');
    expect(verifyWebhookSignature({ secret, headers: { id, timestamp, signature }, body: changed, now: signedAt })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('refuses with mismatch when the scheme is not v1', () => {
    const headers = { id, timestamp, signature: signature.replace('v1,', 'v2,') };
    expect(verifyWebhookSignature({ secret, headers, body, now: signedAt })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses with stale_timestamp when the delivery is more than five minutes old', () => {
    const now = signedAt + 5 * 60_000 + 1000;
    expect(verifyWebhookSignature({ secret, headers: { id, timestamp, signature }, body, now })).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
  });

  it('accepts when the delivery is within five minutes', () => {
    const now = signedAt + 5 * 60_000;
    expect(verifyWebhookSignature({ secret, headers: { id, timestamp, signature }, body, now })).toEqual({ ok: true });
  });

  it('refuses with malformed when the timestamp is not a number of seconds', () => {
    const headers = { id, timestamp: '2021-02-25T15:02:10Z', signature };
    expect(verifyWebhookSignature({ secret, headers, body, now: signedAt })).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('readSignatureHeaders', () => {
  it('returns null when no signature header is present', () => {
    expect(readSignatureHeaders({ 'content-type': 'application/json' })).toBeNull();
  });

  it('returns empty fields when only some headers are present', () => {
    expect(readSignatureHeaders({ 'webhook-signature': signature })).toEqual({ id: '', timestamp: '', signature });
  });
});
