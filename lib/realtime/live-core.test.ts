import { describe, expect, it } from 'vitest';
import { createManualClock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import { createMemoryStore } from '@/lib/store';
import { parseWebhookBody, type CallEvent, type CdrRecord } from '@/lib/telephony';
import {
  answeredMessage,
  cdrMessage,
  endedMessage,
  queuedMessage,
  ringingMessage,
  type InboundCall,
} from '@/tests/realtime/wire-messages';
import { createLiveCore, type LiveUpdate } from './live-core';
import { saveAlerts } from './settings';
import { defaultThresholds } from './settings-schemas';

const now = Date.UTC(2026, 10, 21, 9, 0);

function callEvent(body: object): CallEvent {
  const parsed = parseWebhookBody(JSON.stringify(body));
  if (!parsed.ok || parsed.message.kind !== 'call') throw new Error('not a call message');
  return parsed.message.event;
}

function cdrs(body: object[]): CdrRecord[] {
  const parsed = parseWebhookBody(JSON.stringify(body));
  if (!parsed.ok || parsed.message.kind !== 'cdr') throw new Error('not a CDR message');
  return parsed.message.records;
}

function inbound(id: string, startedAt: number): InboundCall {
  return { callId: id, caller: '+4915112345678', callerName: 'Jane Roe', queue: 'sales', startedAt };
}

function setup() {
  const clock = createManualClock(now);
  const store = createMemoryStore();
  const core = createLiveCore({ clock, timeZone: 'UTC', store, log: createLogger('silent'), statsPollMs: 15_000 });
  const updates: LiveUpdate[] = [];
  core.subscribe((update) => void updates.push(update));
  return { clock, store, core, updates };
}

describe('createLiveCore', () => {
  it("counts today's stored CDRs in the KPIs and leaves yesterday's out once the first poll names the queues", async () => {
    const { core, store } = setup();
    const today = inbound('c-today', now - 3_600_000);
    const yesterday = inbound('c-yesterday', now - 86_400_000);
    await store.cdrs.insert(cdrs(cdrMessage(today, '101', today.startedAt + 10_000, today.startedAt + 70_000)), now);
    await store.cdrs.insert(cdrs(cdrMessage(yesterday, '101', yesterday.startedAt + 10_000, yesterday.startedAt + 70_000)), now);
    await core.start();
    expect(core.snapshot({ audience: 'supervisor' }, 0).recentCdrs).toEqual([]);
    core.applyStats([salesStats(0)], now);
    const snapshot = core.snapshot({ audience: 'supervisor' }, 0);
    expect(snapshot.kpis.byQueue.sales?.answered).toBe(1);
    expect(snapshot.kpis.total.answered).toBe(1);
    expect(snapshot.recentCdrs.map((cdr) => cdr.callId)).toEqual(['c-today']);
    core.close();
  });

  it("replays today's stored CDRs after two poll intervals when no poll succeeds", async () => {
    const { core, store, clock } = setup();
    const today = inbound('c-today', now - 3_600_000);
    await store.cdrs.insert(cdrs(cdrMessage(today, '101', today.startedAt + 10_000, today.startedAt + 70_000)), now);
    await core.start();
    clock.advance(30_000);
    expect(core.snapshot({ audience: 'supervisor' }, 0).recentCdrs.map((cdr) => cdr.callId)).toEqual(['c-today']);
    core.close();
  });

  it('uses the stored settings when it starts', async () => {
    const { core, store } = setup();
    await saveAlerts({ store, realtime: { ...noRealtime } }, { soundEnabled: false });
    await core.start();
    expect(core.snapshot({ audience: 'wall' }, 0).alerts.soundEnabled).toBe(false);
    core.close();
  });

  it('renders a call only to the agent it concerns when a call event arrives', () => {
    const { core, updates } = setup();
    const call = inbound('c1', now);
    core.applyCallEvent(callEvent(ringingMessage(call, '101')), now);
    const update = updates.at(-1)!;
    expect(core.render(update, { audience: 'agent', extension: '101' })?.calls).toEqual([
      expect.objectContaining({ id: 'c1', phase: 'ringing', agent: '101' }),
    ]);
    expect(core.render(update, { audience: 'agent', extension: '102' })?.calls).toBeUndefined();
  });

  it('emits nothing when a call event changes nothing', () => {
    const { core, updates } = setup();
    const event = callEvent(queuedMessage(inbound('c1', now)));
    core.applyCallEvent(event, now);
    const count = updates.length;
    core.applyCallEvent(event, now);
    expect(updates).toHaveLength(count);
  });

  it('removes an ended call after it lingered when the tick runs', async () => {
    const { core, updates, clock } = setup();
    await core.start();
    const call = inbound('c1', now);
    core.applyCallEvent(callEvent(answeredMessage(call, '101', now + 5_000)), now + 5_000);
    core.applyCallEvent(callEvent(endedMessage(call, '101', now + 5_000)), now + 60_000);
    clock.advance(120_000);
    expect(updates.some((update) => update.change?.removedCalls.has('c1'))).toBe(true);
    expect(core.snapshot({ audience: 'supervisor' }, 0).calls).toEqual([]);
    core.close();
  });

  it('stops its tick when closed', async () => {
    const { core, clock } = setup();
    await core.start();
    expect(clock.pendingTimers()).toBe(1);
    core.close();
    expect(clock.pendingTimers()).toBe(0);
  });

  it('counts webhook outcomes in health at once and pushes them with the next tick, once', async () => {
    const { clock, core, updates } = setup();
    await core.start();
    core.countWebhook('accepted');
    core.countWebhook('duplicate');
    core.countWebhook('rejected');
    expect(core.snapshot({ audience: 'supervisor' }, 0).health.webhooks).toEqual({ accepted: 2, rejected: 1, duplicates: 1 });
    const before = updates.length;
    clock.advance(1_000);
    const pushed = updates.slice(before).filter((update) => update.health);
    expect(pushed).toHaveLength(1);
    expect(core.render(pushed[0]!, { audience: 'wall' })).toEqual({
      health: expect.objectContaining({ webhooks: { accepted: 2, rejected: 1, duplicates: 1 } }),
    });
    clock.advance(1_000);
    expect(updates.slice(before).filter((update) => update.health)).toHaveLength(1);
    core.close();
  });

  it('names the agents whose own calls an update moved, so their screens pop at once', () => {
    const { core, updates } = setup();
    core.applyCallEvent(callEvent(queuedMessage(inbound('c1', now))), now);
    expect([...core.popsFor(updates.at(-1)!)]).toEqual([]);
    core.applyCallEvent(callEvent(ringingMessage(inbound('c1', now), '101')), now + 1_000);
    expect([...core.popsFor(updates.at(-1)!)]).toEqual(['101']);
    core.applyCallEvent(callEvent(answeredMessage(inbound('c1', now), '102', now + 2_000)), now + 2_000);
    expect([...core.popsFor(updates.at(-1)!)].sort()).toEqual(['101', '102']);
  });

  it('replaces a part of health when the poller reports', () => {
    const { core } = setup();
    const stats = { pollMs: 15_000, lastSuccessAt: now, lastAttemptAt: now, failingSince: null, lastError: null, nextPollAt: now + 15_000 };
    core.updateHealth({ stats });
    expect(core.snapshot({ audience: 'supervisor' }, 0).health.stats).toEqual(stats);
  });

  it('pushes new thresholds to every view when settings change', () => {
    const { core, updates } = setup();
    const thresholds = { ...defaultThresholds, callsWaiting: { amber: 1, red: 2 } };
    core.settingsChanged({ thresholds });
    expect(core.render(updates.at(-1)!, { audience: 'agent', extension: '101' })).toEqual({ thresholds });
  });

  it('merges two updates into one that carries both', () => {
    const { core, updates } = setup();
    core.applyCallEvent(callEvent(queuedMessage(inbound('c1', now))), now);
    core.updateHealth({ token: { ok: false, error: 'token endpoint down' } });
    const merged = core.merge(updates.slice(-2));
    const body = core.render(merged, { audience: 'supervisor' });
    expect(body?.calls?.map((call) => call.id)).toEqual(['c1']);
    expect(body?.health?.token.error).toBe('token endpoint down');
  });

  it('releases and stores an acknowledgement when its metric is back to normal', async () => {
    const { core, store, clock, updates } = setup();
    await saveAlerts({ store, realtime: { ...noRealtime } }, { acknowledged: ['sales:callsWaiting'] });
    core.applyStats([salesStats(0)], now);
    await core.start();
    clock.advance(1_000);
    expect(core.snapshot({ audience: 'supervisor' }, 0).alerts.acknowledged).toEqual([]);
    expect(updates.at(-1)).toMatchObject({ alerts: true });
    await clock.advanceAsync(0);
    expect(await store.settings.get('realtime.alerts')).toMatchObject({ acknowledged: [] });
    core.close();
  });
});

function salesStats(callsWaiting: number) {
  return { queue: 'sales', callsWaiting, avgWaitSeconds: 0, maxWaitSeconds: 0, numAgents: 2, availableAgents: 2, unavailableAgents: 0 };
}

const noRealtime = {
  settingsChanged: () => undefined,
  sendDisplayCommand: () => undefined,
  disconnectDisplay: () => undefined,
  disconnectUser: () => undefined,
};
