/**
 * The product as a user runs it in production: `npx tsx server.ts` with
 * NODE_ENV=production on the build in .next, here on free ports of its own with
 * a temporary data folder and the embedded sandbox's simulator at a high rate.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;

/** The sandbox's settings for the soak: ten simulated seconds per second, 6 callers per queue per simulated minute, published rate limits. */
const SOAK_SETTINGS = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PBX_LOG_LEVEL: 'warn',
  PBX_SIMULATOR: 'on',
  PBX_SIM_TIME_SCALE: '10',
  PBX_SIM_ARRIVALS_PER_MINUTE: '6',
  PBX_RATE_LIMITS: 'on',
} as const;

/** Settings that would point the wallboard away from the embedded single-process default. */
const UPSTREAM_AND_CLUSTER = ['TELEPHONY_BASE_URL', 'TELEPHONY_CLIENT_ID', 'TELEPHONY_CLIENT_SECRET', 'DATABASE_URL', 'REDIS_URL'];

export interface RunningProduct {
  /** The wallboard, as browsers reach it. */
  url: string;
  /** The embedded sandbox. */
  pbxUrl: string;
  /** npx's pid: the root of the product's process tree. */
  pid: number;
  settings: Record<string, string>;
  /** Set once the process has exited, with how. */
  exited(): string | null;
  /** Resolves with how the tree ended. */
  stop(): Promise<string>;
}

/**
 * Builds .next when it has no build (as `npm start` does); an existing build
 * older than app/ or lib/ is used as is, with a warning, so a soak never
 * rebuilds under other users of the checkout.
 */
export function ensureBuild(root: string): void {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) {
    process.stdout.write('soak: no production build in .next: running `npx next build`\n');
    const build = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`next build failed (${build.signal ?? build.status})`);
    return;
  }
  const builtAt = statSync(buildId).mtimeMs;
  if (['app', 'lib'].some((folder) => newestMtime(path.join(root, folder)) > builtAt)) {
    process.stdout.write('soak: warning: .next is older than app/ or lib/; run `npx next build` first to soak the current code\n');
  }
}

/** Resolves once /api/health answers; `interrupt` (Ctrl-C) stops the start-up and the product with it. */
export async function startProduct(root: string, interrupt: AbortSignal): Promise<RunningProduct> {
  const [port, pbxPort] = (await freePorts(2)) as [number, number];
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallboard-soak-'));
  const url = `http://localhost:${port}`;
  const settings = { ...SOAK_SETTINGS, PORT: String(port), PBX_PORT: String(pbxPort), PUBLIC_URL: url, DATA_DIR: dataDir };
  const env: NodeJS.ProcessEnv = { ...process.env, ...settings };
  for (const name of UPSTREAM_AND_CLUSTER) delete env[name];

  // A process group of its own: npx does not pass SIGTERM on, so the soak signals the whole group, as a terminal's Ctrl-C does.
  const child = spawn('npx', ['tsx', 'server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  let exit: string | null = null;
  child.once('exit', (code, signal) => (exit = signal ?? `exit code ${code}`));
  forwardLogLines(child);

  const product: RunningProduct = {
    url,
    pbxUrl: `http://127.0.0.1:${pbxPort}`,
    pid: child.pid!,
    settings,
    exited: () => exit,
    async stop() {
      const how = await stopGroup(child.pid!);
      await rm(dataDir, { recursive: true, force: true });
      return how;
    },
  };
  try {
    await waitUntilHealthy(`${url}/api/health`, product, interrupt);
  } catch (error) {
    await product.stop();
    throw error;
  }
  return product;
}

/** The start-up banner (demo passwords) is dropped; the server's warnings and errors (pino's JSON lines) are shown. */
function forwardLogLines(child: ChildProcess): void {
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) process.stdout.write(`server: ${line}\n`);
  });
}

async function waitUntilHealthy(healthUrl: string, product: RunningProduct, interrupt: AbortSignal): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (interrupt.aborted) throw new Error('interrupted while the server was starting');
    const exit = product.exited();
    if (exit) throw new Error(`the server exited before it was ready (${exit})`);
    const ok = await fetch(healthUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server was not healthy within ${READY_TIMEOUT_MS / 1000} s`);
}

/** SIGTERM to the group (tsx hands it to the server once), then SIGKILL for whatever is still there after the timeout. */
async function stopGroup(pgid: number): Promise<string> {
  if (!groupAlive(pgid)) return 'had already exited';
  process.kill(-pgid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline && groupAlive(pgid)) await new Promise((resolve) => setTimeout(resolve, 200));
  if (!groupAlive(pgid)) return 'shut down on SIGTERM';
  process.kill(-pgid, 'SIGKILL');
  return `killed: still running ${STOP_TIMEOUT_MS / 1000} s after SIGTERM`;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}
