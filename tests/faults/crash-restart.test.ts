/**
 * SIGKILL during a stream of calls: the live pieces run as a child process on
 * PGlite in a temporary folder, scripted calls end with CDRs, the child is
 * killed at a random point after some CDRs were acknowledged and started again.
 * Every CDR it acknowledged is stored exactly once, the KPIs count each call
 * once, and the subscription keeps its id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPbx, type RunningPbx } from '@/lib/pbx';
import type { CdrRecord } from '@/lib/telephony';
import { ACME, demoPbxOptions } from './pbx-options';

interface Status {
  subscription: { id: string | null; phase: string };
  stats: { lastSuccessAt: number | null };
  kpis: { answered: number; missed: number };
  cdrs: CdrRecord[];
}

interface CdrWireRecord {
  from: { call_id: string };
  to: { call_id: string };
  start_time: string;
}

/** CDR deliveries the service sent, with the wallboard's answer. */
const cdrDeliveries: Array<{ records: CdrWireRecord[]; status: number | null }> = [];

const recordingFetch: typeof fetch = async (input, init) => {
  const body = JSON.parse(String(init?.body ?? 'null')) as unknown;
  const entry = Array.isArray(body) ? { records: body as CdrWireRecord[], status: null as number | null } : null;
  if (entry) cdrDeliveries.push(entry);
  const response = await fetch(input, init);
  if (entry) entry.status = response.status;
  return response;
};

const acknowledged = () => cdrDeliveries.filter((delivery) => delivery.status === 204 || delivery.status === 200);

/** A port the OS just handed out, so both runs of the child can listen on it (the wallboard's PORT is fixed too). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('a SIGKILL during a stream of calls', () => {
  let pbx: RunningPbx;
  let dataDir: string;
  let child: ChildProcess | null = null;
  let webhookPort: number;
  beforeAll(async () => {
    webhookPort = await freePort();
    dataDir = await mkdtemp(join(tmpdir(), 'wallboard-crash-'));
    pbx = await startPbx(demoPbxOptions, { fetch: recordingFetch });
    await sandbox('POST', '/simulator', { running: false, timeScale: 50 });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await pbx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function sandbox(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${pbx.url}/sandbox${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  async function startChild(): Promise<string> {
    child = spawn(process.execPath, ['--import', 'tsx', 'tests/faults/live-process.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, PBX_URL: pbx.url, CLIENT_ID: ACME.app.clientId, CLIENT_SECRET: ACME.app.clientSecret, PATH_SECRET: 'k'.repeat(43), WEBHOOK_PORT: String(webhookPort) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next().then((next) => [next.value as string]);
    return (JSON.parse(line!) as { statusUrl: string }).statusUrl;
  }

  async function status(url: string): Promise<Status> {
    return (await (await fetch(url)).json()) as Status;
  }

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let attempt = 0; attempt < 600; attempt++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('condition not reached in 30 s');
  }

  let callNumber = 0;
  async function answeredCall(): Promise<void> {
    callNumber += 1;
    const placed = (await sandbox('POST', '/calls', { queue: 'Sales', caller_id: `+4477009${String(callNumber).padStart(5, '0')}` })) as { call_id: string };
    await sandbox('POST', `/calls/${placed.call_id}/ring`, { user: '101' });
    await sandbox('POST', `/calls/${placed.call_id}/answer`);
    await sandbox('POST', `/calls/${placed.call_id}/hangup`);
  }

  it('keeps every acknowledged CDR exactly once, counts each call once and keeps the subscription id', async () => {
    let statusUrl = await startChild();
    const first = await until(() => status(statusUrl), (s) => s.subscription.phase === 'ready');
    const killAfter = 2 + Math.floor(Math.random() * 5);

    // Calls keep coming while the process dies and restarts.
    while (acknowledged().length < killAfter) await answeredCall();
    child!.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    await answeredCall();

    statusUrl = await startChild();
    const restarted = await until(() => status(statusUrl), (s) => s.subscription.phase !== 'creating' && s.subscription.id !== null && s.stats.lastSuccessAt !== null);
    expect(restarted.subscription.id).toBe(first.subscription.id);
    const beforeMore = acknowledged().length;
    for (let i = 0; i < 3; i++) await answeredCall();
    await until(async () => acknowledged().length, (count) => count >= beforeMore + 3);
    const final = await until(() => status(statusUrl), (s) => s.kpis.answered > 0);
    child!.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = null;

    const keyOf = (from: string, to: string, start: number) => `${from}|${to}|${start}`;
    const storedKeys = final.cdrs.map((record) => keyOf(record.from.callId, record.to.callId, record.startTime));
    expect(new Set(storedKeys).size).toBe(storedKeys.length);
    for (const delivery of acknowledged()) {
      for (const record of delivery.records) {
        expect(storedKeys).toContain(keyOf(record.from.call_id, record.to.call_id, Date.parse(record.start_time)));
      }
    }
    const answeredCalls = new Set(final.cdrs.filter((record) => record.answerTime !== null).map((record) => record.from.callId));
    expect(final.kpis.answered).toBe(answeredCalls.size);
    expect(answeredCalls.size).toBeGreaterThanOrEqual(killAfter + 3);
  }, 120_000);
});
