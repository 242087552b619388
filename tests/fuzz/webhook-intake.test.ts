/**
 * Hostile deliveries on the wallboard's webhook intake over real HTTP: random
 * and mutated call events, CDRs and init messages, wrong content types, deep,
 * oversized and binary bodies. Every refusal is a 4xx with the wallboard's JSON
 * error and leaves the live state and the CDR store exactly as they were.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import { createLiveCore, createWebhookIntake, type LiveCore } from '@/lib/realtime';
import { webhookPath } from '@/lib/runtime/webhook-secret';
import { createMemoryStore, type Store } from '@/lib/store';
import { cdrMessage, queuedMessage, type InboundCall } from '../realtime/wire-messages';
import { hostileBody, hostileContentType, mutated, nastyNumber, nastyString } from './bad-input';

const RUNS = 400;
const pathSecret = 'w'.repeat(43);
const start = Date.UTC(2026, 10, 21, 9, 0);
const call: InboundCall = { callId: '1001', caller: '+447700900123', callerName: 'Zoë Ñuñez 👩‍💻', queue: 'Sales', startedAt: start - 30_000 };

describe('webhook intake under hostile input', () => {
  const clock = createManualClock(start);
  let store: Store;
  let core: LiveCore;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    store = createMemoryStore();
    core = createLiveCore({ clock, timeZone: 'UTC', store, log: createLogger('silent'), statsPollMs: 15_000 });
    await core.start();
    const intake = createWebhookIntake({
      pathSecret,
      core,
      cdrs: store.cdrs,
      subscription: { noteInit: () => undefined, noteActivity: () => undefined },
      getSigningSecret: () => null,
      clock,
      log: createLogger('silent'),
    });
    server = createServer((req, res) => void intake(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${webhookPath(pathSecret)}`;
  });
  afterAll(async () => {
    core.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Everything a delivery could change: the supervisor's picture (time and health aside) and the stored CDRs. */
  async function observable(): Promise<string> {
    const { serverTime: _time, health: _health, seq: _seq, ...picture } = core.snapshot({ audience: 'supervisor' }, 0);
    return JSON.stringify({ picture, cdrs: await store.cdrs.listEndedSince(0) });
  }

  async function deliver(body: string | Uint8Array<ArrayBuffer>, contentType: string): Promise<{ status: number; text: string; type: string | null }> {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
      return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
    } catch {
      // An oversized body is answered 413 and the connection dropped while fetch is still sending.
      return { status: 413, text: '{"error":{"code":"payload_too_large","message":""}}', type: 'application/json' };
    }
  }

  const queued = queuedMessage(call) as { calls: Record<string, unknown> };
  const cdrs = cdrMessage(call, '101', start - 10_000, start) as Array<Record<string, unknown>>;
  const wrappedCall = mutated(queued.calls).map((inner) => JSON.stringify({ calls: inner }));
  const brokenCdr = fc
    .tuple(mutated(cdrs[1]!), fc.constantFrom('duration', 'start_time', 'end_time', 'answer_time'), fc.oneof(nastyNumber, nastyString))
    .map(([record, field, value]) => JSON.stringify([cdrs[0], { ...record, [field]: value }]));
  const anyBody = fc.oneof(hostileBody(queued), hostileBody({ state: 'ready', msg: 'x' }), wrappedCall, brokenCdr);

  it('refuses what it cannot use with a 4xx JSON error and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, fc.oneof(fc.constant('application/json'), hostileContentType), async (body, contentType) => {
        const before = await observable();
        const answer = await deliver(body, contentType);
        expect(answer.status, answer.text).toBeLessThan(500);
        // A mutation can still be a valid delivery (an unknown extra field, say): it is accepted, and may change state.
        if (answer.status === 204) return;
        expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
        expect(answer.type).toMatch(/^application\/json/);
        expect(JSON.parse(answer.text)).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
        expect(await observable()).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });

  it('counts a negative or huge CDR duration as invalid rather than into the KPIs', async () => {
    for (const duration of [-5, 1e308, Number.MAX_SAFE_INTEGER + 2]) {
      const before = await observable();
      const answer = await deliver(JSON.stringify([{ ...cdrs[1], duration }]), 'application/json');
      expect(answer.status, `${duration}: ${answer.text}`).toBe(400);
      expect(await observable()).toBe(before);
    }
  });
});
