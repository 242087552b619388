/**
 * The viewers: many Socket.IO clients (as browsers connect to the wallboard) or
 * raw WebSocket clients (the floor), in a process apart from the server so their
 * CPU is not counted as the server's. Each client logs when it first showed each
 * planned call's phase; the figures are worked out here, once the load is over.
 *
 * Config (argv[2], JSON): { protocol: 'socket.io' | 'ws', url }
 */
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { z } from 'zod';
import type { ClientToServerEvents, ServerToClientEvents } from '@/lib/realtime/events';
import type { LiveCall, LiveSnapshot } from '@/lib/realtime/types';
import { indexOfCallId, phaseOfCallMessage } from '../load/call-messages';
import { CALL_PHASES } from '../load/call-plan';
import { summariseLatencies } from '../measure/latency-summary';
import { monotonicMs } from '../measure/monotonic-ms';
import { parentChannel } from '../process/bench-child';
import { createArrivalLog, type ArrivalLog } from './arrival-log';
import { connectSilentViewer } from './silent-viewer';
import type { ClientSpec, FleetAudience, FleetCommand, FleetReply, SentEvents, StormOutcome } from './fleet-protocol';

const Config = z.object({ protocol: z.enum(['socket.io', 'ws']), url: z.url() });
const config = Config.parse(JSON.parse(process.argv[2] ?? '{}'));
const parent = parentChannel<FleetCommand, FleetReply>();

interface StormWatch {
  dropped: boolean;
  back: boolean;
  snapshot: boolean;
  missing: Set<number>;
  settledAt: number;
}

interface FleetClient {
  spec: ClientSpec;
  /** Parses what it receives and logs arrivals; the others only listen. */
  sampled: boolean;
  log: ArrivalLog | null;
  storm: StormWatch | null;
  close(): void;
}

const clients: FleetClient[] = [];
let tracked: { prefix: string; calls: number } | null = null;
let pops: { client: FleetClient; ringingAt: Map<string, number> } | null = null;
let storm: { prefix: string; resolve(): void } | null = null;

/** What a client shows of calls: (id, phase index) pairs at the instant they arrived. */
function onCalls(client: FleetClient, calls: ReadonlyArray<{ id: string; phase: number }>, at: number): void {
  for (const { id, phase } of calls) {
    if (phase < 0) continue;
    if (tracked && client.log) {
      const index = indexOfCallId(tracked.prefix, id);
      if (index >= 0) client.log.note(index, phase, at);
    }
    if (storm && client.storm) noteStormCall(client.storm, indexOfCallId(storm.prefix, id), phase, at);
    if (pops?.client === client && phase === CALL_PHASES.indexOf('ringing') && !pops.ringingAt.has(id)) pops.ringingAt.set(id, at);
  }
}

/** A storm call counts from the drop on: the snapshot that brings a client back may already show it. */
function noteStormCall(watch: StormWatch, index: number, phase: number, at: number): void {
  if (index < 0 || phase < CALL_PHASES.indexOf('ringing') || !watch.dropped) return;
  watch.missing.delete(index);
  settleIfDone(watch, at);
}

function settleIfDone(watch: StormWatch, at: number): void {
  if (!Number.isNaN(watch.settledAt) || !watch.dropped || !watch.back || !watch.snapshot || watch.missing.size > 0) return;
  watch.settledAt = at;
  if (clients.every((client) => !client.storm || !Number.isNaN(client.storm.settledAt))) storm?.resolve();
}

function liveCallPhases(calls: LiveCall[]): Array<{ id: string; phase: number }> {
  return calls.map((call) => ({ id: call.id, phase: CALL_PHASES.indexOf(call.phase as (typeof CALL_PHASES)[number]) }));
}

function connectSocketIo(spec: ClientSpec): Promise<FleetClient> {
  // The browser's reconnection settings (lib/realtime/client/socket.ts), so a storm comes back as browsers would.
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(config.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
    auth: { view: spec.view, ...(spec.extension ? { extension: spec.extension } : {}) },
  });
  const client: FleetClient = { spec, sampled: true, log: null, storm: null, close: () => socket.close() };
  // As the browser does (lib/realtime/client/live-sync.ts): a seq gap, or a heartbeat ahead of
  // the last patch, means a patch was missed, and a resync brings a fresh snapshot.
  let seq = -1;
  let resyncing = false;
  const showSnapshot = (snapshot: LiveSnapshot, at: number) => {
    seq = snapshot.seq;
    onCalls(client, liveCallPhases(snapshot.calls), at);
    if (client.storm?.back) {
      client.storm.snapshot = true;
      settleIfDone(client.storm, at);
    }
  };
  const resync = () => {
    if (resyncing) return;
    resyncing = true;
    socket.emit('live:resync', (answer) => {
      resyncing = false;
      if ('data' in answer) showSnapshot(answer.data, monotonicMs());
    });
  };
  socket.on('live:patch', (patch) => {
    if (seq >= 0 && patch.seq !== seq + 1) return resync();
    seq = patch.seq;
    if (patch.calls) onCalls(client, liveCallPhases(patch.calls), monotonicMs());
  });
  socket.on('server:heartbeat', (beat) => {
    if (beat.seq > seq) resync();
  });
  socket.on('disconnect', () => {
    if (client.storm) Object.assign(client.storm, { dropped: true, back: false });
  });
  socket.on('connect', () => {
    if (client.storm?.dropped) client.storm.back = true;
  });
  return new Promise((resolve, reject) => {
    socket.on('live:snapshot', (snapshot) => {
      showSnapshot(snapshot, monotonicMs());
      resolve(client);
    });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

async function connectSilentSocketIo(spec: ClientSpec): Promise<FleetClient> {
  const client: FleetClient = { spec, sampled: false, log: null, storm: null, close: () => undefined };
  const viewer = await connectSilentViewer(config.url, { view: spec.view, ...(spec.extension ? { extension: spec.extension } : {}) }, {
    onDropped() {
      if (client.storm) Object.assign(client.storm, { dropped: true, back: false });
    },
    onJoined() {
      if (client.storm?.dropped) client.storm.back = true;
    },
    onSnapshot() {
      if (!client.storm?.back) return;
      client.storm.snapshot = true;
      settleIfDone(client.storm, monotonicMs());
    },
  });
  client.close = () => viewer.close();
  return client;
}

function connectWebSocket(spec: ClientSpec, sampled: boolean): Promise<FleetClient> {
  const socket = new WebSocket(config.url.replace(/^http/, 'ws'), { perMessageDeflate: false });
  const client: FleetClient = { spec, sampled, log: null, storm: null, close: () => socket.close() };
  if (sampled) {
    socket.on('message', (data) => {
      const at = monotonicMs();
      const shown = phaseOfCallMessage(JSON.parse(String(data)));
      if (shown) onCalls(client, [shown], at);
    });
  }
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

async function connectAll(specs: ClientSpec[], concurrency: number, sampleEvery: number): Promise<{ connected: number; failed: number }> {
  const connect = (spec: ClientSpec, sampled: boolean) => {
    if (config.protocol === 'ws') return connectWebSocket(spec, sampled);
    return sampled ? connectSocketIo(spec) : connectSilentSocketIo(spec);
  };
  let next = 0;
  let failed = 0;
  async function worker(): Promise<void> {
    while (next < specs.length) {
      const index = next++;
      await connect(specs[index]!, index % sampleEvery === 0).then(
        (client) => void clients.push(client),
        () => void (failed += 1),
      );
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { connected: specs.length - failed, failed };
}

/** An agent sees the calls that ring its extension, from the ring on; walls and supervisors see every phase of every call. */
function expects(spec: ClientSpec, agentOfCall: string[], callIndex: number, phase: number): boolean {
  return spec.view !== 'agent' || (agentOfCall[callIndex] === spec.extension && phase >= CALL_PHASES.indexOf('ringing'));
}

function collect(sent: SentEvents, agentOfCall: string[]): Extract<FleetReply, { type: 'collected' }> {
  const samples: Record<FleetAudience, number[]> = { wall: [], supervisor: [], agent: [] };
  let expected = 0;
  let lost = 0;
  for (const client of clients) {
    if (!client.log) continue;
    for (let event = 0; event < sent.sentAt.length; event++) {
      const sentAt = sent.sentAt[event]!;
      const callIndex = sent.callIndex[event]!;
      const phase = sent.phase[event]!;
      if (Number.isNaN(sentAt) || !expects(client.spec, agentOfCall, callIndex, phase)) continue;
      expected += 1;
      const arrivedAt = client.log.arrivedAt(callIndex, phase);
      if (Number.isNaN(arrivedAt)) lost += 1;
      else samples[client.spec.view].push(arrivedAt - sentAt);
    }
  }
  const byAudience: Partial<Record<FleetAudience, ReturnType<typeof summariseLatencies>>> = {};
  for (const audience of ['wall', 'supervisor', 'agent'] as const) {
    if (samples[audience].length > 0) byAudience[audience] = summariseLatencies(Float64Array.from(samples[audience]));
  }
  const overall = summariseLatencies(Float64Array.from([...samples.wall, ...samples.supervisor, ...samples.agent]));
  return { type: 'collected', overall, byAudience, expected, lost, sampledClients: clients.filter((client) => client.log).length };
}

function armStorm(prefix: string, agentOfCall: string[], timeoutMs: number): void {
  for (const client of clients) {
    // A listening-only client cannot see calls: it is back once it has its snapshot.
    const shown = (agent: string) => client.sampled && (client.spec.view !== 'agent' || agent === client.spec.extension);
    const missing = new Set(agentOfCall.flatMap((agent, index) => (shown(agent) ? [index] : [])));
    client.storm = { dropped: false, back: false, snapshot: false, missing, settledAt: Number.NaN };
  }
  const done = new Promise<void>((resolve) => {
    storm = { prefix, resolve };
  });
  parent.reply({ type: 'armed' });
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
  void Promise.race([done, timeout]).then(() => {
    const watches = clients.flatMap((client) => client.storm ?? []);
    const settled = watches.filter((watch) => !Number.isNaN(watch.settledAt));
    const outcome: StormOutcome = {
      clients: watches.length,
      settled: settled.length,
      snapshots: watches.filter((watch) => watch.back && watch.snapshot).length,
      lastSettledAt: settled.length === watches.length ? Math.max(...settled.map((watch) => watch.settledAt)) : Number.NaN,
    };
    storm = null;
    for (const client of clients) client.storm = null;
    parent.reply({ type: 'storm', outcome });
  });
}

parent.onCommand(async (command) => {
  switch (command.type) {
    case 'connect': {
      const started = performance.now();
      const { connected, failed } = await connectAll(command.clients, command.concurrency, command.sampleEvery);
      return parent.reply({ type: 'connected', connected, failed, ms: performance.now() - started });
    }
    case 'track':
      tracked = { prefix: command.prefix, calls: command.calls };
      for (const client of clients) client.log = client.sampled ? createArrivalLog(command.calls) : null;
      return parent.reply({ type: 'tracking' });
    case 'collect': {
      const reply = collect(command.sent, command.agentOfCall);
      tracked = null;
      for (const client of clients) client.log = null;
      return parent.reply(reply);
    }
    case 'watch-pops': {
      const client = clients.find((candidate) => candidate.spec.view === 'agent' && candidate.spec.extension === command.extension);
      if (!client) throw new Error(`no agent client on extension ${command.extension}`);
      pops = { client, ringingAt: new Map() };
      return parent.reply({ type: 'watching' });
    }
    case 'pop-times':
      return parent.reply({ type: 'pop-times', receivedAt: command.callIds.map((id) => pops?.ringingAt.get(id) ?? Number.NaN) });
    case 'arm-storm':
      return armStorm(command.prefix, command.agentOfCall, command.timeoutMs);
    case 'close':
      for (const client of clients.splice(0)) client.close();
      parent.reply({ type: 'closed' });
      // Let the reply leave before the process ends.
      return void setImmediate(() => process.exit(0));
  }
});
