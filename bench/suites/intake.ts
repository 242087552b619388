/**
 * Webhook intake throughput of one live server on the PGlite store: the rate of
 * call events, then of CDR messages, is stepped up open-loop until the server no
 * longer acknowledges every delivery with p99 ack ≤ 50 ms (or the generator,
 * sharing the machine, can no longer keep to the plan). A CDR is acknowledged
 * only once stored, so the CDRs acknowledged are checked against the store.
 * The same call steps against the raw `ws` floor server (read, parse, answer
 * 204) show what this machine's HTTP stack and generator allow at all.
 */
import { agentExtensions, audienceMix } from '../clients/audience-mix';
import { cdrMessage } from '../load/call-messages';
import { createHttpPoster, type HttpPoster } from '../load/http-poster';
import { runSchedule } from '../load/run-schedule';
import { summariseLatencies, type LatencySummary } from '../measure/latency-summary';
import { sampleProcess, type ProcessUsage } from '../measure/proc-stats';
import type { Profile } from '../profiles';
import type { BenchRow, SuiteResult } from '../report/bench-row';
import { closeFleet, startFleet, startLiveServer, startWsBroadcastServer } from './bench-processes';
import { buildCallLoad } from './call-load';

const ACK_P99_LIMIT_MS = 50;
/** Beyond this the generator itself fell behind: the step did not offer its rate. */
const GENERATOR_LAG_LIMIT_MS = 50;
/** Small, so nearly every slot of a short step carries an event. */
const PHASE_GAP_MS = 20;
const CONNECTIONS = 64;
/** Thousands of deliveries at a middle rate: the JIT compiles the hot paths before anything is counted. */
const WARM_UP_MS = 2_000;
const CDR_RECORDS_PER_MESSAGE = 2;
const MB = 1024 * 1024;

interface Step {
  rate: number;
  offeredPerSecond: number;
  acknowledgedPerSecond: number;
  failed: number;
  ack: LatencySummary;
  maxStartLagMs: number;
  usage: ProcessUsage;
  passed: boolean;
  generatorBound: boolean;
}

export async function runIntake(profile: Profile): Promise<SuiteResult> {
  const server = await startLiveServer({ store: 'pglite' });
  const fleet = startFleet('socket.io', server.url);
  try {
    const idle = await server.ask({ type: 'memory' }, 'memory');
    // One viewer of each audience, so each delivery is rendered for every kind of stream.
    const viewers = audienceMix(3);
    await fleet.ask({ type: 'connect', clients: viewers, concurrency: 3, sampleEvery: 1 }, 'connected');
    const poster = createHttpPoster({ connections: CONNECTIONS });
    const { stepMs, callRates, cdrRates } = profile.intake;

    const callStep = (prefix: string, rate: number, durationMs: number) => {
      const load = buildCallLoad({ prefix, rate, durationMs, phaseGapMs: PHASE_GAP_MS, agents: agentExtensions(viewers), startedAt: Date.now() });
      return runStep(server.pid, rate, load.plan.atMs, load.bodies, server.webhookUrl, poster);
    };
    await callStep('warm-', warmUpRate(callRates), WARM_UP_MS);
    const callSteps = await stepUp(callRates, (rate) => callStep(`call${rate}-`, rate, stepMs));
    let cdrMessagesAcknowledged = 0;
    const cdrStep = async (prefix: string, rate: number, durationMs: number) => {
      const count = Math.round((rate * durationMs) / 1000);
      const now = Date.now();
      const bodies = Array.from({ length: count }, (_, index) =>
        JSON.stringify(cdrMessage({ prefix, index, agent: '1000', startedAt: now - 120_000, answeredAt: now - 60_000 }, now)),
      );
      const atMs = Float64Array.from(bodies, (_, index) => (index * 1000) / rate);
      const step = await runStep(server.pid, rate, atMs, bodies, server.webhookUrl, poster);
      cdrMessagesAcknowledged += Math.round((step.acknowledgedPerSecond * durationMs) / 1000);
      return step;
    };
    await cdrStep('cdr-warm-', warmUpRate(cdrRates), WARM_UP_MS);
    const cdrSteps = await stepUp(cdrRates, (rate) => cdrStep(`cdr${rate}-`, rate, stepMs));
    const { stored } = await server.ask({ type: 'count-cdrs' }, 'cdrs');
    const floorCallSteps = await measureFloor(callRates, stepMs, viewers, poster);
    poster.close();
    const details = {
      idleRssBytes: idle.figures.rss,
      callSteps,
      floorCallSteps,
      cdrSteps,
      cdrRecordsAcknowledged: cdrMessagesAcknowledged * CDR_RECORDS_PER_MESSAGE,
      cdrRecordsStored: stored,
    };
    return { suite: 'intake', rows: rowsOf(details), details };
  } finally {
    await closeFleet(fleet);
    await server.stop();
  }
}

/** The call steps against the floor server, which does nothing with an event but parse it. */
async function measureFloor(callRates: number[], stepMs: number, viewers: ReturnType<typeof audienceMix>, poster: HttpPoster): Promise<Step[]> {
  const floor = await startWsBroadcastServer();
  try {
    const callStep = (prefix: string, rate: number, durationMs: number) => {
      const load = buildCallLoad({ prefix, rate, durationMs, phaseGapMs: PHASE_GAP_MS, agents: agentExtensions(viewers), startedAt: Date.now() });
      return runStep(floor.pid, rate, load.plan.atMs, load.bodies, floor.webhookUrl, poster);
    };
    await callStep('floor-warm-', warmUpRate(callRates), WARM_UP_MS);
    return await stepUp(callRates, (rate) => callStep(`floor${rate}-`, rate, stepMs));
  } finally {
    await floor.stop();
  }
}

function warmUpRate(rates: number[]): number {
  return rates[Math.min(1, rates.length - 1)]!;
}

/** Runs the rates in order until one fails; every step that ran is returned. */
async function stepUp(rates: number[], run: (rate: number) => Promise<Step>): Promise<Step[]> {
  const steps: Step[] = [];
  for (const rate of rates) {
    const step = await run(rate);
    steps.push(step);
    if (!step.passed) break;
  }
  return steps;
}

async function runStep(pid: number, rate: number, atMs: Float64Array, bodies: string[], url: string, poster: HttpPoster): Promise<Step> {
  const acks = new Float64Array(bodies.length).fill(Number.NaN);
  let failed = 0;
  const sampler = sampleProcess(pid);
  const schedule = await runSchedule(atMs, async (index) => {
    const outcome = await poster.post(url, bodies[index]!);
    if (outcome.status >= 200 && outcome.status <= 299) acks[index] = outcome.answeredAt - outcome.sentAt;
    else failed += 1;
  });
  const usage = sampler.stop();
  const spanSeconds = (atMs[atMs.length - 1]! + 1000 / rate) / 1000;
  const acknowledged = acks.filter((ack) => !Number.isNaN(ack));
  const ack = summariseLatencies(acknowledged);
  const generatorBound = schedule.maxStartLagMs > GENERATOR_LAG_LIMIT_MS;
  return {
    rate,
    offeredPerSecond: bodies.length / spanSeconds,
    acknowledgedPerSecond: acknowledged.length / spanSeconds,
    failed,
    ack,
    maxStartLagMs: schedule.maxStartLagMs,
    usage,
    passed: failed === 0 && ack.p99 <= ACK_P99_LIMIT_MS && !generatorBound,
    generatorBound,
  };
}

function rowsOf(details: {
  idleRssBytes: number;
  callSteps: Step[];
  floorCallSteps: Step[];
  cdrSteps: Step[];
  cdrRecordsAcknowledged: number;
  cdrRecordsStored: number;
}): BenchRow[] {
  const best = (steps: Step[]) => steps.filter((step) => step.passed).at(-1);
  const describeStop = (steps: Step[]) => {
    const stop = steps.find((step) => !step.passed);
    if (!stop) return 'every step passed';
    if (stop.generatorBound) return `generator fell behind at ${stop.rate}/s`;
    return `at ${stop.rate}/s: p99 ack ${Math.round(stop.ack.p99)} ms, ${stop.failed} failed`;
  };
  // A step offers its rate throughout but for the ramps at either end, where calls have not yet reached
  // every phase; the rate a server sustains is the step's, and the average over the whole step is shown beside.
  const bestCalls = best(details.callSteps);
  const ourCalls = bestCalls?.rate ?? 0;
  const floorCalls = best(details.floorCallSteps)?.rate ?? 0;
  const bestCdrs = best(details.cdrSteps);
  const averaged = bestCalls ? `, ${Math.round(bestCalls.acknowledgedPerSecond)}/s averaged over the step with its ramps` : '';
  return [
    {
      measurement: `Intake: call events/s sustained, every one acknowledged with p99 ack ≤ ${ACK_P99_LIMIT_MS} ms (ours ${describeStop(details.callSteps)}${averaged}; floor ${describeStop(details.floorCallSteps)})`,
      ours: ourCalls,
      unit: '/s',
      // What the raw floor server reaches with the same generator on this machine, for scale.
      baseline: floorCalls,
      ratio: ourCalls / floorCalls,
      target: '≥ 5,000/s',
      met: ourCalls >= 5_000,
    },
    { measurement: 'Intake: p99 ack at that rate', ours: bestCalls?.ack.p99 ?? Number.NaN, unit: 'ms' },
    {
      measurement: `Intake: CDR messages/s stored (PGlite), p99 ack ≤ ${ACK_P99_LIMIT_MS} ms (${describeStop(details.cdrSteps)})`,
      ours: bestCdrs?.acknowledgedPerSecond ?? 0,
      unit: '/s',
      target: '≥ 1,000/s',
      met: (bestCdrs?.acknowledgedPerSecond ?? 0) >= 1_000,
    },
    {
      measurement: 'Intake: CDR records in the store vs acknowledged (baseline)',
      ours: details.cdrRecordsStored,
      unit: 'records',
      baseline: details.cdrRecordsAcknowledged,
      target: 'equal',
      met: details.cdrRecordsStored === details.cdrRecordsAcknowledged,
    },
    { measurement: 'Server RSS with the PGlite store, no load', ours: details.idleRssBytes / MB, unit: 'MB' },
  ];
}
