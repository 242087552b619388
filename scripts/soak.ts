/**
 * npm run soak -- --minutes N [--pages P] [--clients C] [--sample-seconds S]
 *
 * Runs the product as in production (`npx tsx server.ts`, NODE_ENV=production,
 * the embedded sandbox's simulator at ten times real time, published rate
 * limits) with P headless Chromium TVs opened through display links, one
 * signed-in supervisor page and C socket.io-client walls, for N minutes.
 * Every S seconds it samples the server's RSS (its whole process tree) and each
 * page's JS heap after a forced GC, and checks that every page still gets live
 * patches. Fails (exit code 1) when a series grew more than 10% after warm-up
 * (scripts/soak/growth.ts) or a screen stopped being live. Prints Markdown
 * tables and writes soak-results/<timestamp>.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { growthAfterWarmUp, GROWTH_LIMIT, warmUpSeconds, type Sample } from './soak/growth';
import { livenessOf } from './soak/liveness';
import { treeRss, type ProcessRss } from './soak/process-tree';
import { ensureBuild, startProduct } from './soak/product';
import { growthTable, livenessTable } from './soak/report';
import { checkScreen, chromiumPath, openScreens, readWebhookCounts, type ScreenCheck, type WebhookCounts } from './soak/screens';

const ROOT = path.resolve(import.meta.dirname, '..');
const MB = 1024 * 1024;

interface SoakSample {
  atSeconds: number;
  rssBytes: number;
  processes: ProcessRss[];
  screens: Array<ScreenCheck & { name: string; patches: number }>;
  clientPatches: number;
  webhooks: WebhookCounts | null;
  /** The sandbox's API requests per route since start (stats polls, tokens, subscriptions). */
  sandboxRequests: Record<string, number> | null;
}

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    pages: { type: 'string', default: '4' },
    clients: { type: 'string', default: '0' },
    'sample-seconds': { type: 'string', default: '10' },
  },
});
const options = {
  minutes: Number(values.minutes),
  pages: Number(values.pages),
  clients: Number(values.clients),
  sampleSeconds: Number(values['sample-seconds']),
};
if (!(options.minutes > 0) || !(options.sampleSeconds > 0) || !Number.isInteger(options.pages) || options.pages < 1) {
  throw new Error('--minutes and --sample-seconds must be positive numbers, --pages a whole number of at least 1');
}
if (!Number.isInteger(options.clients) || options.clients < 0) throw new Error('--clients must be a whole number');
process.exitCode = await soak();

async function soak(): Promise<number> {
  const startedAt = new Date();
  ensureBuild(ROOT);
  // The product runs in a process group of its own, out of reach of a terminal's Ctrl-C: stop it from here.
  const interrupt = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => interrupt.abort());
  const product = await startProduct(ROOT, interrupt.signal);
  const samples: SoakSample[] = [];
  const problems: string[] = [];
  let deliveries: Record<string, number> | null = null;
  const executablePath = chromiumPath();
  let screens: Awaited<ReturnType<typeof openScreens>>;
  try {
    screens = await openScreens(product.url, { tvs: options.pages, clients: options.clients, executablePath });
  } catch (error) {
    await product.stop();
    throw error;
  }
  try {
    const supervisorPage = screens.screens.find((screen) => screen.kind === 'supervisor')!.page;
    process.stdout.write(
      `soak: ${options.minutes} min; ${options.pages} Chromium TVs + 1 supervisor page (${executablePath ?? "Playwright's chromium"}), ` +
        `${options.clients} socket.io walls; server tree ${product.pid} on ${product.url}; sampling every ${options.sampleSeconds} s; ` +
        `warm-up ${warmUpSeconds(options.minutes * 60)} s\n`,
    );

    const connectedAt = Date.now();
    for (let tick = 1; tick * options.sampleSeconds <= options.minutes * 60; tick++) {
      const due = connectedAt + tick * options.sampleSeconds * 1000;
      await sleep(Math.max(0, due - Date.now()), undefined, { signal: interrupt.signal }).catch(() => undefined);
      if (interrupt.signal.aborted) {
        problems.push('interrupted');
        break;
      }
      const exit = product.exited();
      if (exit) {
        problems.push(`the server exited during the run (${exit})`);
        break;
      }
      const sample = await takeSample(Math.round((Date.now() - connectedAt) / 1000), screens, supervisorPage, product.pid, product.pbxUrl);
      samples.push(sample);
      process.stdout.write(`  ${describeSample(sample)}\n`);
    }
    deliveries = await recentDeliveries(product.pbxUrl);
  } finally {
    await screens.close();
    process.stdout.write(`soak: server ${await product.stop()}\n`);
  }

  const runSeconds = options.minutes * 60;
  const series = [
    { name: 'server RSS (process tree)', growth: growthAfterWarmUp(seriesOf(samples, (sample) => sample.rssBytes), runSeconds) },
    ...screens.screens.map((screen, index) => ({
      name: `${screen.name} JS heap`,
      growth: growthAfterWarmUp(seriesOf(samples, (sample) => sample.screens[index]!.heapBytes), runSeconds),
    })),
  ];
  const liveness = screens.screens.map((screen, index) =>
    livenessOf({
      name: screen.name,
      patches: samples.map((sample) => sample.screens[index]!.patches),
      showing: samples.map((sample) => sample.screens[index]!.showing),
      pageErrors: screen.pageErrors,
      crashed: screen.crashed,
    }),
  );
  if (options.clients > 0) {
    liveness.push(
      livenessOf({
        name: `${options.clients} socket.io walls`,
        patches: samples.map((sample) => sample.clientPatches),
        showing: samples.map(() => true),
        pageErrors: 0,
        crashed: false,
      }),
    );
  }

  for (const { name, growth } of series) if (growth.judged && !growth.pass) problems.push(`${name} grew by more than ${GROWTH_LIMIT * 100}% after warm-up`);
  for (const screen of liveness) if (!screen.liveAtEnd) problems.push(`${screen.name} was not live at the end`);
  const judged = series.every(({ growth }) => growth.judged);
  const last = samples.at(-1);
  const file = await writeResults({
    startedAt,
    options,
    settings: product.settings,
    executablePath: executablePath ?? null,
    samples,
    series,
    liveness,
    load: { webhooks: last?.webhooks ?? null, sandboxRequests: last?.sandboxRequests ?? null, recentDeliveries: deliveries },
    problems,
  });

  process.stdout.write(
    [
      '',
      growthTable(series),
      '',
      livenessTable(liveness),
      '',
      `Load: ${describeLoad(last, deliveries)}`,
      '',
      judged ? '' : `soak: growth not judged: warm-up (${warmUpSeconds(runSeconds)} s) leaves too few samples; run at least 4 minutes`,
      problems.length === 0 ? 'soak: PASS' : `soak: FAIL: ${problems.join('; ')}`,
      `soak: results in ${path.relative(ROOT, file)}`,
      '',
    ]
      .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
      .join('\n'),
  );
  return problems.length === 0 ? 0 : 1;
}

async function takeSample(
  atSeconds: number,
  screens: Awaited<ReturnType<typeof openScreens>>,
  supervisorPage: Parameters<typeof readWebhookCounts>[0],
  pid: number,
  pbxUrl: string,
): Promise<SoakSample> {
  const processes = await treeRss(pid);
  const checks = [];
  for (const screen of screens.screens) {
    // A page that cannot answer (crashed, closed) counts as not showing; its heap is unknown.
    const check = await checkScreen(screen).catch((): ScreenCheck => ({ heapBytes: Number.NaN, showing: false }));
    checks.push({ name: screen.name, patches: screen.patches, ...check });
  }
  return {
    atSeconds,
    rssBytes: processes.reduce((sum, entry) => sum + entry.rssBytes, 0),
    processes,
    screens: checks,
    clientPatches: screens.clientPatches(),
    webhooks: await readWebhookCounts(supervisorPage).catch(() => null),
    sandboxRequests: await getJson<{ counts: Record<string, number> }>(`${pbxUrl}/sandbox/requests`).then((body) => body?.counts ?? null),
  };
}

/** The delivery log's last 1,000 outcomes, counted: how many webhooks the wallboard refused or missed lately. */
async function recentDeliveries(pbxUrl: string): Promise<Record<string, number> | null> {
  const body = await getJson<{ deliveries: Array<{ outcome: string }> }>(`${pbxUrl}/sandbox/deliveries?limit=1000`);
  if (!body) return null;
  const counts: Record<string, number> = {};
  for (const { outcome } of body.deliveries) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url);
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

function seriesOf(samples: readonly SoakSample[], value: (sample: SoakSample) => number): Sample[] {
  return samples.map((sample) => ({ atSeconds: sample.atSeconds, value: value(sample) }));
}

function describeSample(sample: SoakSample): string {
  const heaps = sample.screens.map((screen) => `${(screen.heapBytes / MB).toFixed(1)}${screen.showing ? '' : '!'}`).join(' ');
  const patches = sample.screens.map((screen) => screen.patches).join(' ');
  const webhooks = sample.webhooks ? `${sample.webhooks.accepted}/${sample.webhooks.rejected}` : '?';
  return `t=${sample.atSeconds}s rss=${(sample.rssBytes / MB).toFixed(1)} MB heaps(MB)=[${heaps}] patches=[${patches}] clients=${sample.clientPatches} webhooks ok/rejected=${webhooks}`;
}

function describeLoad(last: SoakSample | undefined, deliveries: Record<string, number> | null): string {
  const webhooks = last?.webhooks;
  const parts = [
    webhooks ? `${webhooks.accepted.toLocaleString('en-GB')} webhooks accepted, ${webhooks.duplicates} duplicates, ${webhooks.rejected} rejected` : 'webhook counts unavailable',
    `live patches per screen ${last ? last.screens.map((screen) => screen.patches.toLocaleString('en-GB')).join(', ') : 'n/a'}`,
  ];
  if (last?.sandboxRequests) parts.push(`sandbox API requests ${JSON.stringify(last.sandboxRequests)}`);
  if (deliveries) parts.push(`last ${Object.values(deliveries).reduce((sum, count) => sum + count, 0)} deliveries ${JSON.stringify(deliveries)}`);
  return parts.join('; ');
}

async function writeResults(run: Record<string, unknown> & { startedAt: Date }): Promise<string> {
  const folder = path.join(ROOT, 'soak-results');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${run.startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memoryBytes: os.totalmem(), node: process.version };
  // NaN (a heap that could not be read) has no JSON form: it is written as null.
  await writeFile(file, `${JSON.stringify({ ...run, startedAt: run.startedAt.toISOString(), finishedAt: new Date().toISOString(), machine }, null, 2)}\n`);
  return file;
}
