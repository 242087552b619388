/**
 * The client against the real service (lib/pbx) over HTTP on port 0: token,
 * stats, the subscription lifecycle, and deliveries to a webhook read by
 * parseWebhookBody. Proves our schemas accept what the service really sends.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '@/lib/clock';
import { pbxOptionsFromEnv, type RunningPbx, startPbx } from '@/lib/pbx';
import type { SubscriptionRecord } from '@/lib/store';
import { createTelephonyClient, type TelephonyClientOptions } from './client';
import { parseWebhookBody } from './parse-webhook-body';
import { createSubscriptionManager } from './subscription-manager';
import { createRecordingLogger } from './test-support';
import type { WebhookMessage } from './types';

const DEMO_CLIENT = { clientId: 'wallboard-demo', clientSecret: 'wallboard-demo-secret-change-me' };
const DEMO_QUEUES = ['Billing', 'Priority', 'Sales', 'Support'];

/** A subscriber endpoint (spec 4.7) that keeps every delivery, parsed, by path. */
async function startReceiver() {
  const deliveries: Array<{ path: string; message: WebhookMessage }> = [];
  const rejected: string[] = [];
  const waiting = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const parsed = parseWebhookBody(Buffer.concat(chunks));
      if (parsed.ok) deliveries.push({ path: request.url ?? '', message: parsed.message });
      else rejected.push(parsed.error.message);
      response.writeHead(204).end();
      for (const wake of waiting) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    rejected,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Resolves with the first delivery to `path`, old or new, that matches. */
    next<T extends WebhookMessage>(path: string, match: (message: WebhookMessage) => message is T): Promise<T> {
      return new Promise((resolve) => {
        const look = () => {
          const found = deliveries.find((delivery) => delivery.path === path && match(delivery.message));
          if (!found) return;
          waiting.delete(look);
          resolve(found.message as T);
        };
        waiting.add(look);
        look();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Init = Extract<WebhookMessage, { kind: 'init' }>;
const isReady = (m: WebhookMessage): m is Init => m.kind === 'init' && m.state === 'ready';

let pbx: RunningPbx;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

function client(options: Partial<TelephonyClientOptions> = {}) {
  return createTelephonyClient({ baseUrl: pbx.url, ...DEMO_CLIENT, log: createRecordingLogger().log, ...options });
}

async function sandbox(path: string, body: unknown): Promise<{ call_id: string }> {
  const response = await fetch(`${pbx.url}/sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as { call_id: string };
}

beforeAll(async () => {
  receiver = await startReceiver();
  pbx = await startPbx(
    // Simulated time runs 20x so the CDR, due 2-5 simulated seconds after a call ends, comes within a test.
    pbxOptionsFromEnv({
      PBX_PORT: '0',
      PBX_SIMULATOR: 'off',
      PBX_SIM_TIME_SCALE: '20',
      PBX_RATE_LIMITS: 'off',
      PBX_LOG_LEVEL: 'silent',
    }),
  );
});

afterAll(async () => {
  await pbx?.close();
  await receiver?.close();
});

describe('createTelephonyClient against lib/pbx', () => {
  it('gets a token and reads the stats of every demo queue', async () => {
    const telephony = client();
    const stats = await telephony.fetchStats();
    expect(stats.map((entry) => entry.queue).sort()).toEqual(DEMO_QUEUES);
    for (const entry of stats) expect(entry.numAgents).toBeGreaterThan(0);
    expect(telephony.tokenHealth()).toEqual({ ok: true, error: null });
  });

  it('throws unauthorized when the client secret is wrong', async () => {
    const telephony = client({ clientSecret: 'not-the-secret-of-this-app' });
    // RFC 6749 §5.2: invalid_client comes as 400 for client_secret_post, 401 for HTTP Basic.
    await expect(telephony.fetchStats()).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringContaining('invalid_client'),
    });
    expect(telephony.tokenHealth().ok).toBe(false);
  });

  it('throws invalid_version when it asks for a version the service does not have', async () => {
    await expect(client({ versions: { stats: '9.9.9' } }).fetchStats()).rejects.toMatchObject({
      code: 'invalid_version',
      status: 422,
    });
  });

  it('creates, reads, renews and deletes a subscription', async () => {
    const telephony = client();
    const postUri = receiver.url('/lifecycle');
    const created = await telephony.createSubscription({ postUri, expiresIn: 3600, calls: true, cdrs: true });
    expect(created.id).toMatch(/^\d{16}$/);
    expect(created.postUri).toBe(postUri);
    expect(created.expiresAt).toBeGreaterThan(Date.now() + 3500_000);

    const read = await telephony.getSubscription(created.id);
    expect(read).toMatchObject({ id: created.id, postUri, expiresAt: created.expiresAt });
    expect(read?.events.map((event) => event.type).sort()).toEqual(['calls', 'cdrs']);

    const renewed = await telephony.createSubscription({ postUri, expiresIn: 7200, calls: true, cdrs: true });
    expect(renewed.id).toBe(created.id);
    expect(renewed.expiresAt).toBeGreaterThan(created.expiresAt);

    await telephony.deleteSubscription(created.id);
    expect(await telephony.getSubscription(created.id)).toBeNull();
    await telephony.deleteSubscription(created.id);
  });

  it('receives init, call and CDR deliveries that parseWebhookBody accepts', async () => {
    const telephony = client();
    const postUri = receiver.url('/deliveries');
    const { id } = await telephony.createSubscription({ postUri, expiresIn: 3600, calls: true, cdrs: true });
    try {
      await receiver.next('/deliveries', isReady);
      const call = await sandbox('/calls', { queue: 'Sales', caller_id: '+447700900123' });
      const queued = await receiver.next(
        '/deliveries',
        (m): m is Extract<WebhookMessage, { kind: 'call' }> => m.kind === 'call' && m.event.from.callId === call.call_id,
      );
      expect(queued.event.to).toMatchObject({ user: 'Sales', isHuman: false });
      expect(queued.event.from.id).toBe('+447700900123');
      await sandbox(`/calls/${call.call_id}/abandon`, {});
      const cdr = await receiver.next(
        '/deliveries',
        (m): m is Extract<WebhookMessage, { kind: 'cdr' }> =>
          m.kind === 'cdr' && m.records.some((record) => record.from.callId === call.call_id),
      );
      const queueLeg = cdr.records.find((record) => record.to.user === 'Sales');
      expect(queueLeg?.from.id).toBe('+447700900123');
      expect(queueLeg?.endTime).toBeGreaterThanOrEqual(queueLeg?.startTime ?? Infinity);
      expect(receiver.rejected).toEqual([]);
    } finally {
      await telephony.deleteSubscription(id);
    }
  });
});

describe('createSubscriptionManager against lib/pbx', () => {
  it('becomes ready from the service init messages and deletes its subscription on stop', async () => {
    const telephony = client();
    const postUri = receiver.url('/managed');
    let record: SubscriptionRecord | null = null;
    const manager = createSubscriptionManager({
      client: telephony,
      store: {
        load: async () => record,
        save: async (saved) => {
          record = saved;
        },
        clear: async () => {
          record = null;
        },
      },
      postUri,
      clock: systemClock,
      log: createRecordingLogger().log,
    });
    await manager.start();
    const { id } = manager.health();
    expect(id).toMatch(/^\d{16}$/);
    expect(manager.health().phase).toBe('preparing');
    // The webhook intake's part: an init message goes to noteInit.
    manager.noteInit((await receiver.next('/managed', isReady)).state);
    expect(manager.health().phase).toBe('ready');
    expect(record).toMatchObject({ id, postUri, state: 'ready' });
    await manager.stop({ deleteUpstream: true });
    expect(record).toBeNull();
    expect(await telephony.getSubscription(id ?? '')).toBeNull();
  });
});

describe('createTelephonyClient against lib/pbx with its published rate limits', () => {
  let limited: RunningPbx;

  beforeAll(async () => {
    limited = await startPbx(pbxOptionsFromEnv({ PBX_PORT: '0', PBX_SIMULATOR: 'off', PBX_LOG_LEVEL: 'silent' }));
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('throws rate_limited with the Retry-After wait when stats are read faster than allowed', async () => {
    const telephony = createTelephonyClient({ baseUrl: limited.url, ...DEMO_CLIENT, log: createRecordingLogger().log });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => telephony.fetchStats()));
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(refusal.retryAfterMs).toBeGreaterThan(0);
    }
  });
});
