/**
 * The whole product (server.ts with its embedded sandbox, on the production
 * build) as a child process a test can kill and start again, since the
 * Playwright-managed webServer cannot be restarted. Same settings as
 * playwright.config.ts, on ports of its own, with a DATA_DIR that survives
 * restarts (displays, the next-auth secret, the subscription record).
 *
 * The child is `node --import tsx server.ts` rather than `npx tsx server.ts`:
 * both npx and the tsx CLI run the server in a grandchild process, which a
 * SIGKILL of the parent would leave running on the ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface ProductProcess {
  /** The wallboard's address (PUBLIC_URL). */
  readonly url: string;
  /** The embedded sandbox's address. */
  readonly pbxUrl: string;
  /** Starts the server and resolves once /api/health answers 200. */
  start(): Promise<void>;
  /** Sends the signal and resolves once the process has exited; nothing if it is not running. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** The last lines the process wrote, for failure messages. */
  output(): string;
}

const READY_TIMEOUT_MS = 90_000;
/** A clean shutdown closes sockets, the store and the embedded sandbox; longer than this is a hang. */
const SIGTERM_EXIT_TIMEOUT_MS = 20_000;
const OUTPUT_LINES_KEPT = 60;

/** A port the OS just handed out, free for both runs of the child. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function createProductProcess({ dataDir }: { dataDir: string }): Promise<ProductProcess> {
  const port = await freePort();
  const pbxPort = await freePort();
  const url = `http://localhost:${port}`;
  const pbxUrl = `http://127.0.0.1:${pbxPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PBX_PORT: String(pbxPort),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PBX_LOG_LEVEL: 'warn',
    PBX_SIMULATOR: 'off',
    PBX_RATE_LIMITS: 'off',
    TELEPHONY_STATS_LIMIT_PER_MINUTE: '60',
    STATS_POLL_MS: '1000',
    TIME_ZONE: 'Europe/London',
  };
  let child: ChildProcess | null = null;
  const lines: string[] = [];
  const keep = (chunk: Buffer): void => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES_KEPT));
  };
  const output = (): string => lines.join('\n');

  async function waitForHealth(running: ChildProcess): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (running.exitCode !== null || running.signalCode !== null) {
        throw new Error(`server.ts exited (${running.exitCode ?? running.signalCode}) before it was ready:\n${output()}`);
      }
      const healthy = await fetch(`${url}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`server.ts was not ready within ${READY_TIMEOUT_MS} ms:\n${output()}`);
  }

  return {
    url,
    pbxUrl,
    async start() {
      if (child) throw new Error('the product is already running');
      const started = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      child = started;
      await waitForHealth(started);
    },
    async stop(signal) {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill(signal);
      if (signal === 'SIGKILL') return exited;
      let timer: NodeJS.Timeout | undefined;
      const hung = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(resolve, SIGTERM_EXIT_TIMEOUT_MS, true))),
      ]);
      clearTimeout(timer);
      if (!hung) return;
      running.kill('SIGKILL');
      await exited;
      throw new Error(`server.ts did not exit within ${SIGTERM_EXIT_TIMEOUT_MS} ms of SIGTERM:\n${output()}`);
    },
    output,
  };
}
