import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import { createMemoryStore } from '@/lib/store';
import type { CallEvent, CdrRecord } from '@/lib/telephony';
import { createIntakeBridge } from './intake-bridge';
import type { LogEntry } from './log-entry-schemas';

const at = Date.UTC(2026, 10, 21, 9, 0);
const log = createLogger('silent');

const event: CallEvent = {
  onNet: false,
  from: { callId: 'c-1', id: '+447700900001', state: 'active', user: null, domain: null, name: null, isHuman: null },
  to: { callId: 'q-1', id: null, state: 'active', user: 'Sales', domain: null, name: null, isHuman: false },
  timeStart: at,
  timeAnswer: null,
  byCallId: null,
};

const record: CdrRecord = {
  from: { callId: 'c-1', id: null, user: null, domain: null, name: null },
  to: { callId: 'a-1', id: null, user: '101', domain: null, name: null },
  startTime: at,
  answerTime: null,
  endTime: at + 30_000,
  durationSeconds: 0,
};

/** The live log as the bridge sees it, with a Redis that may be down. */
function setUp() {
  const appended: LogEntry[] = [];
  const seen = new Set<string>();
  let redisDown = false;
  let rejected = 0;
  const writer = {
    async append(entry: LogEntry) {
      if (redisDown) throw new Error('Connection is closed.');
      appended.push(entry);
    },
    async appendOnce(digest: string, entry: LogEntry, duplicate: LogEntry) {
      if (redisDown) throw new Error('Connection is closed.');
      const fresh = !seen.has(digest);
      seen.add(digest);
      appended.push(fresh ? entry : duplicate);
      return fresh;
    },
  };
  const store = createMemoryStore();
  const bridge = createIntakeBridge({
    writer,
    cdrs: store.cdrs,
    countRejected: () => (rejected += 1),
    signingSecret: () => 'whsec_1',
    clock: createManualClock(at),
    log,
  });
  return { bridge, appended, store, rejected: () => rejected, cutRedis: () => (redisDown = true) };
}

describe('createIntakeBridge', () => {
  it('appends a call message once, and a duplicate entry when any instance sees it again', async () => {
    const { bridge, appended } = setUp();
    bridge.intake.core.applyCallEvent(event, at);
    bridge.intake.core.applyCallEvent(structuredClone(event), at + 5);
    await bridge.flush();
    expect(appended).toEqual([
      { kind: 'call', at, event },
      { kind: 'duplicate', at: at + 5 },
    ]);
  });

  it('stores CDRs and appends only the records the store had not seen, before the insert resolves', async () => {
    const { bridge, appended, store } = setUp();
    const first = await bridge.intake.cdrs.insert([record], at);
    expect(appended).toEqual([{ kind: 'cdrs', at, records: [record] }]);
    const again = await bridge.intake.cdrs.insert([record], at + 1);
    expect([first, again]).toEqual([[record], []]);
    expect(appended).toHaveLength(1);
    expect(await store.cdrs.listEndedSince(0)).toEqual([record]);
  });

  it('fails the delivery when its fresh CDRs cannot be appended, so the service is not told all went well', async () => {
    const { bridge, cutRedis } = setUp();
    cutRedis();
    await expect(bridge.intake.cdrs.insert([record], at)).rejects.toThrow('Connection is closed.');
  });

  it('leaves accepted deliveries to the replicas to count, shares duplicates and counts rejections here only', async () => {
    const { bridge, appended, rejected } = setUp();
    bridge.intake.core.countWebhook('accepted');
    bridge.intake.core.countWebhook('duplicate');
    bridge.intake.core.countWebhook('rejected');
    await bridge.flush();
    expect(appended).toEqual([{ kind: 'duplicate', at }]);
    expect(rejected()).toBe(1);
  });

  it('shares init messages through the log for the leader’s subscription', async () => {
    const { bridge, appended } = setUp();
    bridge.intake.subscription.noteInit('ready');
    bridge.intake.subscription.noteActivity(at, 'event');
    await bridge.flush();
    expect(appended).toEqual([{ kind: 'init', at, state: 'ready' }]);
  });

  it('checks signatures with the key the leader published', () => {
    expect(setUp().bridge.intake.getSigningSecret()).toBe('whsec_1');
  });

  it('settles a flush even when an append failed, which it logs', async () => {
    const { bridge, cutRedis } = setUp();
    cutRedis();
    bridge.intake.core.applyCallEvent(event, at);
    await expect(bridge.flush()).resolves.toBeUndefined();
  });
});
