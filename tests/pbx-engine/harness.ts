/**
 * The engine's routes on a small Fastify app: a bearer token from a fixed table
 * sets request.principal, and ApiError becomes the service's {"status","message"}.
 * Deliveries go to a real receiver on a loopback port; time is a manual clock.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createManualClock, type ManualClock } from '@/lib/clock';
import { ApiError } from '@/lib/pbx/api/errors';
import { startTestReceiver, type TestReceiver } from '@/lib/pbx/delivery/test-receiver';
import { createEngine, type Engine, type EngineOptions } from '@/lib/pbx/engine';
import type { Principal } from '@/lib/pbx/principal';
import { seededRandom } from '@/lib/pbx/simulator/random';
import { testSeed } from '@/lib/pbx/simulator/test-fixtures';

const principal = (companyId: string, clientId: string, userId: string | null): Principal => ({ companyId, clientId, userId, role: null, tokenId: `${clientId}:${userId}` });

/** Bearer tokens of the harness and who they speak for. */
const TOKENS: Record<string, Principal> = {
  acme: principal('acme', 'acme-app', null),
  'acme-other-app': principal('acme', 'acme-other', null),
  'acme-alice': principal('acme', 'acme-app', 'u101'),
  globex: principal('globex', 'globex-app', null),
};

export interface Harness {
  app: FastifyInstance;
  engine: Engine;
  clock: ManualClock;
  receiver: TestReceiver;
  /** An API call with the given harness token. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the reply's JSON freely; toEqual/toMatchObject check its shape
  api(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown): Promise<{ status: number; body: any }>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as for api
  sandbox(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  delivery?: Partial<EngineOptions['delivery']>;
  simulator?: Partial<EngineOptions['simulator']>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = createManualClock();
  const receiver = await startTestReceiver();
  const engine = createEngine({
    seed: testSeed,
    clock,
    random: seededRandom(42),
    fetch,
    simulator: { enabled: false, timeScale: 1, arrivalsPerMinute: 1, ...options.simulator },
    delivery: { retries: 0, timeoutMs: 5000, signing: false, allowedHosts: '*', ...options.delivery },
    subscriptionDefaultSeconds: 7200,
    subscriptionMaxSeconds: 604_800,
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });

  const app = Fastify();
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.toBody());
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply.code(status).send({ status, message: status === 500 ? 'Internal error.' : (error as Error).message });
  });
  await app.register(
    async (api) => {
      api.decorateRequest('principal', null as unknown as Principal);
      api.addHook('onRequest', async (request) => {
        const found = TOKENS[request.headers.authorization?.replace(/^Bearer /, '') ?? ''];
        if (!found) throw new ApiError('unauthorized');
        request.principal = found;
      });
      await api.register(engine.subscriptionRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(engine.sandboxRoutes, { prefix: '/sandbox' });
  await app.ready();
  engine.start();

  async function send(method: string, url: string, headers: Record<string, string>, body: unknown) {
    const response = await app.inject({ method: method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: response.statusCode, body: response.body === '' ? null : response.json() };
  }

  return {
    app,
    engine,
    clock,
    receiver,
    api: (token, method, url, body) => send(method, url, { authorization: `Bearer ${token}` }, body),
    sandbox: (method, url, body) => send(method, url, {}, body),
    async close() {
      await app.close();
      await engine.close();
      await receiver.close();
    },
  };
}
