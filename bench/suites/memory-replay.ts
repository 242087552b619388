/**
 * Memory over a long replay: whole calls (queued, ringing, answered, ended, then
 * their CDR) POSTed back to back to one live server on the PGlite store, with a
 * viewer of each audience watching. Memory after the first 10,000 events is set
 * against memory at checkpoints up to the end: the live state's caps must keep
 * it flat however long the server runs.
 */
import { agentExtensions, audienceMix } from '../clients/audience-mix';
import { callMessage, cdrMessage, type PlannedCall } from '../load/call-messages';
import { CALL_PHASES } from '../load/call-plan';
import { createHttpPoster } from '../load/http-poster';
import { runClosedLoop } from '../load/run-schedule';
import type { Profile } from '../profiles';
import type { BenchRow, SuiteResult } from '../report/bench-row';
import type { MemoryFigures } from '../servers/server-protocol';
import { closeFleet, startFleet, startLiveServer } from './bench-processes';

/** Per call: its four call events and its CDR. */
const MESSAGES_PER_CALL = CALL_PHASES.length + 1;
/** Calls sent phase by phase in blocks, so the messages of one call are never in flight together. */
const BLOCK_CALLS = 64;
const WORKERS = 64;
const CHECKPOINTS = 5;
/** Growth beyond this share of the early figure is not flat. */
const FLAT_GROWTH = 0.1;
const MB = 1024 * 1024;

interface Checkpoint {
  events: number;
  memory: MemoryFigures;
  eventsPerSecond: number;
}

export async function runMemoryReplay(profile: Profile): Promise<SuiteResult> {
  const server = await startLiveServer({ store: 'pglite' });
  const fleet = startFleet('socket.io', server.url);
  try {
    const viewers = audienceMix(3);
    await fleet.ask({ type: 'connect', clients: viewers, concurrency: 3, sampleEvery: 1 }, 'connected');
    const agents = agentExtensions(viewers);
    const poster = createHttpPoster({ connections: WORKERS });
    const { baselineEvents, totalEvents } = profile.replay;
    const marks = [baselineEvents, ...Array.from({ length: CHECKPOINTS }, (_, i) => Math.round(baselineEvents + ((totalEvents - baselineEvents) * (i + 1)) / CHECKPOINTS))];
    const checkpoints: Checkpoint[] = [];
    let failed = 0;
    let sent = 0;
    for (const mark of marks) {
      const from = sent;
      const ms = await runClosedLoop(mark - from, WORKERS, async (offset) => {
        const { status } = await poster.post(server.webhookUrl, replayMessage(from + offset, agents));
        if (status < 200 || status > 299) failed += 1;
      });
      sent = mark;
      const { figures } = await server.ask({ type: 'memory' }, 'memory');
      checkpoints.push({ events: mark, memory: figures, eventsPerSecond: ((mark - from) / ms) * 1000 });
    }
    poster.close();
    return { suite: 'memory-replay', rows: rowsOf(checkpoints, failed), details: { checkpoints, failed } };
  } finally {
    await closeFleet(fleet);
    await server.stop();
  }
}

/** Event n of the replay: calls go block by block, each block phase by phase and then its CDRs. */
function replayMessage(event: number, agents: string[]): string {
  const blockSize = BLOCK_CALLS * MESSAGES_PER_CALL;
  const block = Math.floor(event / blockSize);
  const within = event % blockSize;
  const step = Math.floor(within / BLOCK_CALLS);
  const index = block * BLOCK_CALLS + (within % BLOCK_CALLS);
  const now = Date.now();
  const call: PlannedCall = { prefix: 'replay-', index, agent: agents[index % agents.length]!, startedAt: now - 60_000, answeredAt: now - 30_000 };
  const phase = CALL_PHASES[step];
  return JSON.stringify(phase ? callMessage(call, phase) : cdrMessage(call, now));
}

function rowsOf(checkpoints: Checkpoint[], failed: number): BenchRow[] {
  const early = checkpoints[0]!;
  const late = checkpoints.at(-1)!;
  const middle = checkpoints[Math.floor(checkpoints.length / 2)]!;
  const growth = (pick: (memory: MemoryFigures) => number, since = early) => (pick(late.memory) - pick(since.memory)) / pick(since.memory);
  const heap = (memory: MemoryFigures) => memory.heapUsed;
  const rss = (memory: MemoryFigures) => memory.rss;
  const label = late.events.toLocaleString('en-GB');
  return [
    {
      measurement: `Replay: JS heap after ${label} events vs after ${early.events.toLocaleString('en-GB')} (baseline)`,
      ours: late.memory.heapUsed / MB,
      unit: 'MB',
      baseline: early.memory.heapUsed / MB,
      ratio: late.memory.heapUsed / early.memory.heapUsed,
      target: `flat (≤ ${FLAT_GROWTH * 100}% growth)`,
      met: growth(heap) <= FLAT_GROWTH,
    },
    {
      measurement: `Replay: server RSS after ${label} events vs after ${early.events.toLocaleString('en-GB')} (baseline)`,
      ours: late.memory.rss / MB,
      unit: 'MB',
      baseline: early.memory.rss / MB,
      ratio: late.memory.rss / early.memory.rss,
      target: `flat (≤ ${FLAT_GROWTH * 100}% growth)`,
      met: growth(rss) <= FLAT_GROWTH,
    },
    {
      // The live state fills its caps (callers counted today, ended call ids) early in a long replay; past them nothing may grow.
      measurement: `Replay: JS heap after ${label} events vs after ${middle.events.toLocaleString('en-GB')} (the second half)`,
      ours: late.memory.heapUsed / MB,
      unit: 'MB',
      baseline: middle.memory.heapUsed / MB,
      ratio: late.memory.heapUsed / middle.memory.heapUsed,
      target: `flat (≤ ${FLAT_GROWTH * 100}% growth)`,
      met: growth(heap, middle) <= FLAT_GROWTH,
    },
    {
      measurement: `Replay: events/s, closed loop of ${WORKERS}, 1 in 5 a CDR (${failed} failed)`,
      ours: late.eventsPerSecond,
      unit: '/s',
    },
  ];
}
