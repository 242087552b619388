/**
 * The wallboard against the sandbox, as in production: its upstream link polls
 * stats and keeps the subscription; the sandbox delivers call events.
 *  - Upstream cost: stats requests and subscription calls per minute, counted at
 *    the sandbox, with 1 viewer and then with many. Viewers never cause requests,
 *    so the two must match. The poll is made short (limits raised) to count many
 *    polls in a short window; the figure is then scaled to the default interval.
 *  - Screen pop: a scripted call rings agent 101 (POST /sandbox/calls/:id/ring);
 *    the time until the ringing patch reaches that agent's socket.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { audienceMix } from '../clients/audience-mix';
import type { ClientSpec } from '../clients/fleet-protocol';
import { summariseLatencies, type LatencySummary } from '../measure/latency-summary';
import { monotonicMs } from '../measure/monotonic-ms';
import type { Profile } from '../profiles';
import type { BenchRow, SuiteResult } from '../report/bench-row';
import { closeFleet, startFleet, startLiveServer, startSandbox, type FleetChild } from './bench-processes';

const DEMO_APP = { clientId: 'wallboard-demo', clientSecret: 'wallboard-demo-secret-change-me' };
const POP_AGENT = '101';
/** The wallboard's default poll (STATS_POLL_MS) and the real service's published stats limit. */
const DEFAULT_POLL_MS = 15_000;
const SERVICE_STATS_LIMIT_PER_MINUTE = 5;
/** The sandbox's published limits times this: room for a half-second poll. */
const RATE_LIMIT_MULTIPLIER = '100';
const READY_TIMEOUT_MS = 20_000;

const RequestCounts = z.object({ counts: z.record(z.string(), z.number()) });
const Subscriptions = z.object({ subscriptions: z.array(z.object({ state: z.string() })) });
const PlacedCall = z.object({ from: z.object({ call_id: z.string() }) });

interface Window {
  viewers: number;
  seconds: number;
  statsRequests: number;
  subscriptionCalls: number;
  pops: LatencySummary;
  popsMissed: number;
}

export async function runUpstream(profile: Profile): Promise<SuiteResult> {
  const { viewers, windowMs, statsPollMs, popEveryMs } = profile.upstream;
  const sandbox = await startSandbox({ PBX_SIMULATOR: 'off', PBX_RATE_LIMITS: RATE_LIMIT_MULTIPLIER });
  const server = await startLiveServer({ store: 'pglite', upstream: { baseUrl: sandbox.url, ...DEMO_APP, statsPollMs } });
  const fleet = startFleet('socket.io', server.url);
  try {
    await waitForReadySubscription(sandbox.url);
    const first: ClientSpec = { view: 'agent', extension: POP_AGENT };
    await fleet.ask({ type: 'connect', clients: [first], concurrency: 1, sampleEvery: 1 }, 'connected');
    await fleet.ask({ type: 'watch-pops', extension: POP_AGENT }, 'watching');
    const one = await countWindow(sandbox.url, fleet, 1, windowMs, popEveryMs);
    await fleet.ask({ type: 'connect', clients: audienceMix(viewers - 1), concurrency: 100, sampleEvery: viewers }, 'connected', 10 * 60_000);
    const many = await countWindow(sandbox.url, fleet, viewers, windowMs, popEveryMs);
    return { suite: 'upstream', rows: rowsOf(one, many, statsPollMs), details: { statsPollMs, windows: [one, many] } };
  } finally {
    await closeFleet(fleet);
    await server.stop();
    await sandbox.stop();
  }
}

async function waitForReadySubscription(sandboxUrl: string): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const { subscriptions } = Subscriptions.parse(await (await fetch(`${sandboxUrl}/sandbox/subscriptions`)).json());
    if (subscriptions.some((subscription) => subscription.state === 'ready')) return;
    await sleep(100);
  }
  throw new Error('the wallboard never got a ready subscription from the sandbox');
}

async function requestCounts(sandboxUrl: string): Promise<{ stats: number; subscriptions: number }> {
  const { counts } = RequestCounts.parse(await (await fetch(`${sandboxUrl}/sandbox/requests`)).json());
  const sum = (match: (route: string) => boolean) => Object.entries(counts).reduce((total, [route, count]) => total + (match(route) ? count : 0), 0);
  return { stats: sum((route) => route.includes('/call_queues/stats/live')), subscriptions: sum((route) => route.includes('/subscriptions')) };
}

/** Counts upstream requests over the window while screen pops run through it. */
async function countWindow(sandboxUrl: string, fleet: FleetChild, viewers: number, windowMs: number, popEveryMs: number): Promise<Window> {
  const before = await requestCounts(sandboxUrl);
  const began = performance.now();
  const pops: Array<{ callId: string; ringSentAt: number }> = [];
  while (performance.now() - began < windowMs - popEveryMs) {
    const next = performance.now() + popEveryMs;
    const pop = await ringAgent(sandboxUrl);
    pops.push(pop);
    await sleep(Math.max(0, next - performance.now()));
    // Rung until the next pop: a caller who hangs up within the same turn as the ring never shows on a screen.
    await sandboxPost(sandboxUrl, `/calls/${pop.callId}/hangup`, {});
  }
  await sleep(Math.max(0, windowMs - (performance.now() - began)));
  const seconds = (performance.now() - began) / 1000;
  const after = await requestCounts(sandboxUrl);
  const { receivedAt } = await fleet.ask({ type: 'pop-times', callIds: pops.map((pop) => pop.callId) }, 'pop-times');
  const latencies = pops.flatMap((pop, i) => (Number.isNaN(receivedAt[i]!) ? [] : [receivedAt[i]! - pop.ringSentAt]));
  return {
    viewers,
    seconds,
    statsRequests: after.stats - before.stats,
    subscriptionCalls: after.subscriptions - before.subscriptions,
    pops: summariseLatencies(Float64Array.from(latencies)),
    popsMissed: pops.length - latencies.length,
  };
}

/** A caller joins Sales, then agent 101's phone rings. */
async function ringAgent(sandboxUrl: string): Promise<{ callId: string; ringSentAt: number }> {
  const placed = await sandboxPost(sandboxUrl, '/calls', { queue: 'Sales' });
  const { from } = PlacedCall.parse(await placed.json());
  const ringSentAt = monotonicMs();
  const rang = await sandboxPost(sandboxUrl, `/calls/${from.call_id}/ring`, { user: POP_AGENT });
  if (!rang.ok) throw new Error(`the sandbox refused to ring ${POP_AGENT}: ${rang.status} ${await rang.text()}`);
  return { callId: from.call_id, ringSentAt };
}

function sandboxPost(sandboxUrl: string, path: string, body: object): Promise<Response> {
  return fetch(`${sandboxUrl}/sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

function rowsOf(one: Window, many: Window, statsPollMs: number): BenchRow[] {
  const perMinute = (count: number, seconds: number) => (count / seconds) * 60;
  const statsOne = perMinute(one.statsRequests, one.seconds);
  const statsMany = perMinute(many.statsRequests, many.seconds);
  // A window holds a whole number of polls: equal means within one poll of each other.
  const sameStats = Math.abs(one.statsRequests - many.statsRequests) <= 1;
  const atDefaultPoll = (statsMany * statsPollMs) / DEFAULT_POLL_MS;
  return [
    {
      measurement: `Screen pop (sandbox ring → agent socket) p50, ${many.viewers} viewers`,
      ours: many.pops.p50,
      unit: 'ms',
    },
    {
      measurement: `Screen pop p99, ${many.viewers} viewers (${many.pops.count} pops, ${many.popsMissed} missed)`,
      ours: many.pops.p99,
      unit: 'ms',
      target: '≤ 100 ms, none missed',
      met: many.pops.p99 <= 100 && many.popsMissed === 0,
    },
    { measurement: 'Screen pop p99, 1 viewer', ours: one.pops.p99, unit: 'ms' },
    {
      measurement: `Stats requests/min at a ${statsPollMs} ms poll: ${many.viewers} viewers vs 1 (baseline)`,
      ours: statsMany,
      unit: '/min',
      baseline: statsOne,
      ratio: statsMany / statsOne,
      target: 'equal',
      met: sameStats,
    },
    {
      measurement: `Stats requests/min at the default ${DEFAULT_POLL_MS / 1000} s poll, ${many.viewers} viewers`,
      ours: atDefaultPoll,
      unit: '/min',
      target: `≤ ${SERVICE_STATS_LIMIT_PER_MINUTE}/min`,
      met: atDefaultPoll <= SERVICE_STATS_LIMIT_PER_MINUTE,
    },
    {
      measurement: `Subscription calls/min: ${many.viewers} viewers vs 1 (baseline)`,
      ours: perMinute(many.subscriptionCalls, many.seconds),
      unit: '/min',
      baseline: perMinute(one.subscriptionCalls, one.seconds),
      target: 'equal',
      met: many.subscriptionCalls === one.subscriptionCalls,
    },
  ];
}
