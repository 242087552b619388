import { createHmac } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import type { CallEvent, CdrRecord, SubscriptionInitState } from '@/lib/telephony';
import { cdrMessage, queuedMessage, type InboundCall } from '@/tests/realtime/wire-messages';
import { createWebhookIntake } from './webhook-intake';

const pathSecret = 'p'.repeat(43);
const signingSecret = `whsec_${Buffer.from('signing-key-for-tests').toString('base64')}`;
const call: InboundCall = { callId: 'c1', caller: '+4915112345678', callerName: 'Jane Roe', queue: 'sales', startedAt: Date.UTC(2026, 10, 21, 8, 59) };

let server: Server | null = null;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

async function start(options: { signing?: boolean; failStore?: boolean; maxBodyBytes?: number } = {}) {
  const clock = createManualClock();
  const seen = {
    calls: [] as CallEvent[],
    cdrs: [] as CdrRecord[],
    inits: [] as SubscriptionInitState[],
    activity: [] as number[],
    counts: { accepted: 0, duplicate: 0, rejected: 0 },
  };
  const stored = new Set<string>();
  const handler = createWebhookIntake({
    pathSecret,
    core: {
      applyCallEvent: (event) => void seen.calls.push(event),
      applyCdrs: (records) => void seen.cdrs.push(...records),
      countWebhook: (outcome) => void (seen.counts[outcome] += 1),
    },
    cdrs: {
      async insert(records) {
        if (options.failStore) throw new Error('disk full');
        const fresh = records.filter((record) => !stored.has(`${record.from.callId}/${record.to.callId}`));
        for (const record of fresh) stored.add(`${record.from.callId}/${record.to.callId}`);
        return fresh;
      },
    },
    subscription: { noteInit: (state) => void seen.inits.push(state), noteActivity: (at) => void seen.activity.push(at) },
    getSigningSecret: () => (options.signing ? signingSecret : null),
    clock,
    log: createLogger('silent'),
    maxBodyBytes: options.maxBodyBytes,
  });
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { clock, seen, base, url: `${base}/api/webhooks/telephony/${pathSecret}` };
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function sign(body: string, at: number, id = 'msg_1'): Record<string, string> {
  const timestamp = String(Math.floor(at / 1000));
  const key = Buffer.from(signingSecret.slice('whsec_'.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${mac}` };
}

describe('createWebhookIntake', () => {
  it('answers 204 and applies the call when a call message arrives', async () => {
    const { seen, url, clock } = await start();
    const response = await post(url, queuedMessage(call));
    expect(response.status).toBe(204);
    expect(seen.calls).toHaveLength(1);
    expect(seen.calls[0]!.to.user).toBe('sales');
    expect(seen.activity).toEqual([clock.now()]);
    expect(seen.counts).toEqual({ accepted: 1, duplicate: 0, rejected: 0 });
  });

  it('counts a duplicate and applies nothing when the same call message comes twice', async () => {
    const { seen, url } = await start();
    await post(url, queuedMessage(call));
    const again = await post(url, queuedMessage(call));
    expect(again.status).toBe(204);
    expect(seen.calls).toHaveLength(1);
    expect(seen.counts).toEqual({ accepted: 1, duplicate: 1, rejected: 0 });
    expect(seen.activity).toHaveLength(2);
  });

  it('applies only newly stored records when a CDR message is redelivered', async () => {
    const { seen, url } = await start();
    const cdr = cdrMessage(call, '101', call.startedAt + 20_000, call.startedAt + 80_000);
    expect((await post(url, cdr)).status).toBe(204);
    expect((await post(url, cdr)).status).toBe(204);
    expect(seen.cdrs.map((record) => record.to.callId)).toEqual(['c1-q', 'c1-101']);
    expect(seen.counts).toEqual({ accepted: 1, duplicate: 1, rejected: 0 });
  });

  it('answers 503 and applies nothing when the CDRs cannot be stored', async () => {
    const { seen, url } = await start({ failStore: true });
    const response = await post(url, cdrMessage(call, '101', call.startedAt + 20_000, call.startedAt + 80_000));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: 'unavailable', message: 'The delivery could not be stored; send it again.' } });
    expect(seen.cdrs).toEqual([]);
  });

  it('passes the state to the subscription manager when an init message arrives', async () => {
    const { seen, url } = await start();
    const response = await post(url, { msg: 'You have been subscribed to your requested subscriptions.', state: 'ready' });
    expect(response.status).toBe(204);
    expect(seen.inits).toEqual(['ready']);
  });

  it('answers 404 without reading when the secret is wrong or missing', async () => {
    const { seen, base } = await start();
    for (const path of [`/api/webhooks/telephony/${'q'.repeat(43)}`, '/api/webhooks/telephony/', `/api/webhooks/telephony/${pathSecret}x`]) {
      const response = await post(`${base}${path}`, queuedMessage(call));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
    expect(seen.calls).toEqual([]);
    expect(seen.counts.rejected).toBe(0);
  });

  it('answers 204 when the path carries a query string', async () => {
    const { url } = await start();
    expect((await post(`${url}?attempt=2`, queuedMessage(call))).status).toBe(204);
  });

  it('answers 405 with Allow when the method is not POST', async () => {
    const { url } = await start();
    const response = await fetch(url);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: { code: 'method_not_allowed', message: 'Only POST is accepted.' } });
  });

  it('answers 415 when the content type is not JSON', async () => {
    const { url, seen } = await start();
    const response = await post(url, JSON.stringify(queuedMessage(call)), { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: { code: 'unsupported_media_type', message: 'The body must be application/json.' } });
    expect(seen.counts.rejected).toBe(1);
  });

  it('answers 204 when the content type is JSON with a charset', async () => {
    const { url } = await start();
    expect((await post(url, queuedMessage(call), { 'content-type': 'application/json; charset=utf-8' })).status).toBe(204);
  });

  it('answers 400 invalid_json and counts a rejection when the body is not JSON', async () => {
    const { url, seen } = await start();
    const response = await post(url, '{"calls": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_json', message: 'webhook body is not JSON' } });
    expect(seen.counts).toEqual({ accepted: 0, duplicate: 0, rejected: 1 });
  });

  it('answers 400 invalid_body when the JSON has the wrong shape', async () => {
    const { url, seen } = await start();
    const response = await post(url, { calls: { on_net: 'maybe' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_body' } });
    expect(seen.calls).toEqual([]);
  });

  it('answers 413 without reading when the declared length is over the limit', async () => {
    const { url, seen } = await start({ maxBodyBytes: 64 });
    const response = await post(url, { padding: 'x'.repeat(100) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { code: 'payload_too_large', message: 'The body is too large.' } });
    expect(seen.counts.rejected).toBe(1);
  });

  it('answers 413 and stops reading when a chunked body grows past the limit', async () => {
    const { url } = await start({ maxBodyBytes: 1024 });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      // Never ends on its own: only the server's answer stops it.
      const chunk = Buffer.alloc(512, 0x20);
      const pump = () => {
        while (!req.destroyed && req.write(chunk));
        if (!req.destroyed) req.once('drain', pump);
      };
      pump();
    });
    expect(status).toBe(413);
  });

  it('answers 204 when the signature verifies', async () => {
    const { url, clock, seen } = await start({ signing: true });
    const body = JSON.stringify(queuedMessage(call));
    expect((await post(url, body, sign(body, clock.now()))).status).toBe(204);
    expect(seen.calls).toHaveLength(1);
  });

  it('answers 401 when the signature does not verify', async () => {
    const { url, clock, seen } = await start({ signing: true });
    const body = JSON.stringify(queuedMessage(call));
    const response = await post(url, body.replace('Jane', 'John'), sign(body, clock.now()));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'invalid_signature', message: 'The webhook signature does not verify (mismatch).' },
    });
    expect(seen.calls).toEqual([]);
    expect(seen.counts.rejected).toBe(1);
  });

  it('answers 401 when a signed delivery is replayed after five minutes', async () => {
    const { url, clock } = await start({ signing: true });
    const body = JSON.stringify(queuedMessage(call));
    const headers = sign(body, clock.now());
    clock.advance(5 * 60_000 + 1000);
    const response = await post(url, body, headers);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { message: 'The webhook signature does not verify (stale_timestamp).' } });
  });

  it('answers 204 without checking when no signing secret is known', async () => {
    const { url, clock } = await start();
    const body = JSON.stringify(queuedMessage(call));
    expect((await post(url, body, { ...sign(body, clock.now()), 'webhook-signature': 'v1,AAAA' })).status).toBe(204);
  });
});
