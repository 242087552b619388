/**
 * The telephony integration service (spec: telephony-integration-service.md)
 * as an embeddable server: the wallboard's default upstream, a sandbox for
 * integrators and the upstream of every test.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '@/lib/clock';
import { createPbxLogger } from './api/logger';
import { buildPbxApp } from './app';
import { createDirectory, withDemoRedirectUri } from './directory';
import { createEngine } from './engine';
import type { PbxOptions } from './env';

export { describePbx } from './describe-pbx';
export { pbxOptionsFromEnv, type PbxOptions } from './env';

/** Spec 4.4: a subscription lives at most a week; 2 hours when the request names no expiry. */
const SUBSCRIPTION_DEFAULT_SECONDS = 7200;
const SUBSCRIPTION_MAX_SECONDS = 604_800;

export interface PbxDeps {
  clock?: Clock;
  random?: () => number;
  /** Used for webhook deliveries. */
  fetch?: typeof fetch;
  randomToken?: () => string;
}

export interface RunningPbx {
  /** Base URL of the service, e.g. http://127.0.0.1:4000 (no trailing slash). */
  url: string;
  close(): Promise<void>;
}

export async function startPbx(options: PbxOptions, deps: PbxDeps = {}): Promise<RunningPbx> {
  const clock = deps.clock ?? systemClock;
  const logger = createPbxLogger(options.logLevel);
  const seed = withDemoRedirectUri(options.seed, options.demoRedirectUri);
  const engine = createEngine({
    seed,
    clock,
    random: deps.random ?? Math.random,
    fetch: deps.fetch ?? fetch,
    simulator: options.simulator,
    delivery: options.delivery,
    subscriptionDefaultSeconds: SUBSCRIPTION_DEFAULT_SECONDS,
    subscriptionMaxSeconds: SUBSCRIPTION_MAX_SECONDS,
    log: logger.child({ component: 'engine' }),
  });
  const app = await buildPbxApp({
    directory: await createDirectory(seed),
    engine,
    clock,
    randomToken: deps.randomToken ?? (() => randomBytes(32).toString('base64url')),
    logger,
    lifetimes: options.lifetimes,
    refreshRotation: options.refreshRotation,
    rateLimitMultiplier: options.rateLimitMultiplier,
    sandbox: options.sandbox,
  });

  const close = async () => {
    await app.close();
    await engine.close();
  };
  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await close();
    throw error;
  }
  engine.start();
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://${urlHost(options.host)}:${port}`, close };
}

/** A host a client can dial: a wildcard bind address is reached on loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
