/**
 * The whole wallboard (lib/runtime/start-wallboard: store, live core, webhook
 * intake, Socket.IO, upstream link) against the real service (lib/pbx) over
 * HTTP, in this process. Next is left out: it is not on the call-to-screen path.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import { type Clock } from '@/lib/clock';
import { createLogger } from '@/lib/log';
import { pbxOptionsFromEnv, startPbx } from '@/lib/pbx';
import { startWallboard } from '@/lib/runtime/start-wallboard';

const SECRET = 'live-test-secret-0123456789abcdef0123';

export interface WallboardWithService {
  baseUrl: string;
  pbxUrl: string;
  /** A next-auth session cookie for a demo user, as the browser would send it. */
  sessionCookie(user: { userId: string; name: string; role: 'supervisor' | 'agent'; extension: string | null }): Promise<string>;
  sandbox(route: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export async function startWallboardWithService(options: { clock: Clock; statsPollMs: number }): Promise<WallboardWithService> {
  const log = createLogger('silent');
  const pbx = await startPbx(
    pbxOptionsFromEnv({ PBX_PORT: '0', PBX_SIMULATOR: 'off', PBX_RATE_LIMITS: 'off', PBX_LOG_LEVEL: 'silent' }),
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallboard-live-'));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const wallboard = await startWallboard(
    {
      port,
      publicUrl,
      telephony: {
        baseUrl: pbx.url,
        clientId: 'wallboard-demo',
        clientSecret: 'wallboard-demo-secret-change-me',
        statsVersion: '1.4.0',
        subscriptionsVersion: '1.2.0',
        statsPollMs: options.statsPollMs,
      },
      databaseUrl: null,
      dataDir,
      timeZone: 'Europe/London',
      nextAuthSecret: SECRET,
      cluster: null,
    },
    { clock: options.clock, log, instanceId: 'live-test', handleRequest: (_req, res) => void res.writeHead(404).end() },
  );

  return {
    baseUrl: publicUrl,
    pbxUrl: pbx.url,
    sessionCookie: async (user) => {
      const now = Date.now();
      const token = { ...user, accessToken: 'at', refreshToken: 'rt', accessTokenExpiresAt: now + 3_600_000, refreshAt: now + 3_540_000 };
      return `next-auth.session-token=${await encode({ token, secret: SECRET, maxAge: 3600 })}`;
    },
    async sandbox(route, body) {
      const response = await fetch(`${pbx.url}/sandbox/${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`sandbox ${route}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    async close() {
      await wallboard.close();
      await pbx.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
