/**
 * Webhook-to-browser latency under a steady call load, through the wallboard's
 * live server and through the raw WebSocket floor, each with the same viewers
 * in a separate process; memory per idle connection; and, for our server, a
 * reconnect storm.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { agentExtensions, audienceMix } from '../clients/audience-mix';
import type { ClientSpec, FleetReply, StormOutcome } from '../clients/fleet-protocol';
import { callMessage } from '../load/call-messages';
import { createHttpPoster } from '../load/http-poster';
import type { LatencySummary } from '../measure/latency-summary';
import { monotonicMs } from '../measure/monotonic-ms';
import { sampleProcess, type ProcessUsage } from '../measure/proc-stats';
import type { FanoutScenario, Profile } from '../profiles';
import type { BenchRow, SuiteResult } from '../report/bench-row';
import { closeFleet, startFleet, startLiveServer, startWsBroadcastServer, type FleetChild, type ServerChild } from './bench-processes';
import { buildCallLoad, sendCallLoad } from './call-load';

const CONNECT_CONCURRENCY = 100;
/** Clients that parse and time what they receive; the rest only listen, so the viewers' CPU stays off the measured path. */
const MAX_SAMPLED_CLIENTS = 200;
const WARM_UP_MS = 1_500;
/** Time after the last POST for the last patches to arrive; anything later counts as lost. */
const DRAIN_MS = 2_000;
const STORM_TIMEOUT_MS = 60_000;
const MB = 1024 * 1024;

type Protocol = 'socket.io' | 'ws';

interface FanoutRun {
  protocol: Protocol;
  connected: number;
  connectMs: number;
  idleRssBytes: number;
  idleBytesPerConnection: number;
  events: number;
  failedPosts: number;
  maxStartLagMs: number;
  usage: ProcessUsage;
  /** The fleet's own CPU: near a full core, its clients' receive times lag too. */
  fleetUsage: ProcessUsage;
  latency: Extract<FleetReply, { type: 'collected' }>;
  storm: (StormOutcome & { seconds: number; dropped: number }) | null;
}

export async function runFanout(profile: Profile): Promise<SuiteResult> {
  const rows: BenchRow[] = [];
  const details: Array<{ scenario: FanoutScenario; ours: FanoutRun; floor: FanoutRun }> = [];
  for (const scenario of profile.fanout) {
    const ours = await measure('socket.io', scenario, profile);
    const floor = await measure('ws', scenario, profile);
    details.push({ scenario, ours, floor });
    rows.push(...rowsOf(scenario, ours, floor));
  }
  return { suite: 'fanout', rows, details };
}

async function measure(protocol: Protocol, scenario: FanoutScenario, profile: Profile): Promise<FanoutRun> {
  const server = protocol === 'socket.io' ? await startLiveServer({ store: 'memory' }) : await startWsBroadcastServer();
  const fleet = startFleet(protocol, server.url);
  try {
    const mix = audienceMix(scenario.clients);
    // The floor has no audiences: every client is sent everything, as a wall would be.
    const specs: ClientSpec[] = protocol === 'socket.io' ? mix : mix.map(() => ({ view: 'wall' }));
    const agents = agentExtensions(mix);
    const before = await server.ask({ type: 'memory' }, 'memory');
    const sampleEvery = Math.max(1, Math.ceil(specs.length / MAX_SAMPLED_CLIENTS));
    const connected = await fleet.ask({ type: 'connect', clients: specs, concurrency: CONNECT_CONCURRENCY, sampleEvery }, 'connected', 10 * 60_000);
    const idle = await server.ask({ type: 'memory' }, 'memory');
    const idleBytesPerConnection = (idle.figures.rss - before.figures.rss) / Math.max(1, connected.connected);

    const poster = createHttpPoster({ connections: 16 });
    const loadOptions = { rate: scenario.rate, phaseGapMs: profile.phaseGapMs, agents };
    await sendCallLoad(buildCallLoad({ ...loadOptions, prefix: 'warm-', durationMs: WARM_UP_MS, startedAt: Date.now() }), server.webhookUrl, poster);

    const load = buildCallLoad({ ...loadOptions, prefix: 'run-', durationMs: scenario.durationMs, startedAt: Date.now() });
    await fleet.ask({ type: 'track', prefix: load.prefix, calls: load.plan.calls }, 'tracking');
    const sampler = sampleProcess(server.pid);
    const fleetSampler = sampleProcess(fleet.pid);
    const sent = await sendCallLoad(load, server.webhookUrl, poster);
    const usage = sampler.stop();
    const fleetUsage = fleetSampler.stop();
    poster.close();
    await sleep(DRAIN_MS);
    const latency = await fleet.ask({ type: 'collect', sent: sent.sent, agentOfCall: load.agentOfCall }, 'collected', 5 * 60_000);

    const storm = protocol === 'socket.io' && scenario.storm ? await reconnectStorm(server, fleet, agents) : null;
    return {
      protocol,
      connected: connected.connected,
      connectMs: connected.ms,
      idleRssBytes: idle.figures.rss,
      idleBytesPerConnection,
      events: load.bodies.length,
      failedPosts: sent.failed,
      maxStartLagMs: sent.schedule.maxStartLagMs,
      usage,
      fleetUsage,
      latency,
      storm,
    };
  } finally {
    await closeFleet(fleet);
    await server.stop();
  }
}

/**
 * Cuts every TCP connection of the server at once and posts one new ringing call
 * per agent while the clients are away. A client is back when it reconnected,
 * has a fresh snapshot and shows the calls it should: all of them on walls and
 * supervisors, its own on an agent.
 */
async function reconnectStorm(server: ServerChild, fleet: FleetChild, agents: string[]) {
  await fleet.ask({ type: 'arm-storm', prefix: 'storm-', agentOfCall: agents, timeoutMs: STORM_TIMEOUT_MS }, 'armed');
  const droppedAt = monotonicMs();
  const { connections } = await server.ask({ type: 'drop-connections' }, 'dropped');
  const poster = createHttpPoster({ connections: 8 });
  const now = Date.now();
  await Promise.all(
    agents.map((agent, index) =>
      poster.post(server.webhookUrl, JSON.stringify(callMessage({ prefix: 'storm-', index, agent, startedAt: now, answeredAt: now }, 'ringing'))),
    ),
  );
  poster.close();
  const { outcome } = await fleet.next('storm', STORM_TIMEOUT_MS + 30_000);
  return { ...outcome, dropped: connections, seconds: (outcome.lastSettledAt - droppedAt) / 1000 };
}

function rowsOf(scenario: FanoutScenario, ours: FanoutRun, floor: FanoutRun): BenchRow[] {
  const sampled = ours.latency.sampledClients < scenario.clients ? ` (${ours.latency.sampledClients} timed)` : '';
  const label = `${scenario.clients} sockets${sampled} @ ${scenario.rate}/s`;
  const targets = scenario.targets;
  const latencyRow = (name: string, pick: (summary: LatencySummary) => number, target?: number): BenchRow => {
    const ratio = pick(ours.latency.overall) / pick(floor.latency.overall);
    const withinFloor = targets?.floorRatio === undefined || ratio <= targets.floorRatio;
    return {
      measurement: `Webhook→browser ${name}, ${label}`,
      ours: pick(ours.latency.overall),
      unit: 'ms',
      baseline: pick(floor.latency.overall),
      ratio,
      ...(target !== undefined && {
        target: `≤ ${target} ms${targets?.floorRatio ? `, ≤ ${targets.floorRatio}× floor` : ''}`,
        met: pick(ours.latency.overall) <= target && withinFloor,
      }),
    };
  };
  const rows: BenchRow[] = [
    latencyRow('p50', (s) => s.p50),
    latencyRow('p95', (s) => s.p95),
    latencyRow('p99', (s) => s.p99, targets?.p99Ms),
    latencyRow('max', (s) => s.max),
    {
      measurement: `Agent screen p99 (sent at once), ${label}`,
      ours: ours.latency.byAudience.agent?.p99 ?? Number.NaN,
      unit: 'ms',
      baseline: floor.latency.overall.p99,
    },
    {
      measurement: `Events lost, ${label}`,
      ours: ours.latency.lost + ours.failedPosts,
      unit: `of ${ours.latency.expected}`,
      baseline: floor.latency.lost + floor.failedPosts,
      target: '0',
      met: ours.latency.lost + ours.failedPosts === 0,
    },
    { measurement: `Server CPU under load, ${label}`, ours: ours.usage.cpuPercent, unit: '% of a core', baseline: floor.usage.cpuPercent, ratio: ours.usage.cpuPercent / floor.usage.cpuPercent },
    {
      // Near 100% the viewers, not the server, set the pace: their receive times lag too.
      measurement: `Viewer process CPU under load, ${label}`,
      ours: ours.fleetUsage.cpuPercent,
      unit: '% of a core',
      baseline: floor.fleetUsage.cpuPercent,
    },
    { measurement: `Server peak RSS under load, ${label}`, ours: ours.usage.peakRssBytes / MB, unit: 'MB', baseline: floor.usage.peakRssBytes / MB },
    {
      measurement: `Memory per idle connection, ${scenario.clients} sockets`,
      ours: ours.idleBytesPerConnection / 1024,
      unit: 'KB',
      baseline: floor.idleBytesPerConnection / 1024,
      ratio: ours.idleBytesPerConnection / floor.idleBytesPerConnection,
    },
    {
      measurement: `Server RSS with ${scenario.clients} idle sockets`,
      ours: ours.idleRssBytes / MB,
      unit: 'MB',
      baseline: floor.idleRssBytes / MB,
      ...(targets?.idleRssMb !== undefined && { target: `< ${targets.idleRssMb} MB`, met: ours.idleRssBytes / MB < targets.idleRssMb }),
    },
  ];
  if (ours.storm) {
    const storm = ours.storm;
    rows.push({
      measurement: `Reconnect storm: ${storm.settled}/${storm.clients} back with a correct picture (${storm.snapshots} snapshots)`,
      ours: storm.seconds,
      unit: 's',
      target: targets?.stormSeconds !== undefined ? `all, ≤ ${targets.stormSeconds} s` : 'all back',
      met: storm.settled === storm.clients && (targets?.stormSeconds === undefined || storm.seconds <= targets.stormSeconds),
    });
  }
  return rows;
}
