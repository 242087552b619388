/**
 * The contract between the service's HTTP platform (app.ts, OAuth, API plumbing)
 * and its engine (simulator, subscriptions, delivery, sandbox controls).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '@/lib/clock';
import type { Seed } from '../directory/schemas';

/** One entry of GET /api/call_queues/stats/live/ exactly as sent (spec 2.2); waits in seconds. */
export interface WireQueueStats {
  queue: string;
  calls_waiting: number;
  avg_wait: number;
  max_wait: number;
  num_agents: number;
  available_agents: number;
  unavailable_agents: number;
}

export interface SimulatorOptions {
  /** Random calls on or off at start; the sandbox API can switch it later. */
  enabled: boolean;
  /** Simulated seconds per real second (>1 for soak tests). */
  timeScale: number;
  /** Mean external calls per minute per queue (Poisson). */
  arrivalsPerMinute: number;
}

export interface DeliveryOptions {
  /** 0 = each delivery sent once (the real service); n = up to n retries with backoff. */
  retries: number;
  timeoutMs: number;
  /** Adds Standard Webhooks style signature headers and returns a secret on creation. */
  signing: boolean;
  /** Hostnames post_uri may point at; '*' allows any. Loopback must be allowed for a local wallboard. */
  allowedHosts: string[] | '*';
}

export interface EngineOptions {
  seed: Seed;
  clock: Clock;
  random: () => number;
  fetch: typeof fetch;
  simulator: SimulatorOptions;
  delivery: DeliveryOptions;
  /** Default and maximum subscription lifetime in seconds (spec 4.4: max 604800). */
  subscriptionDefaultSeconds: number;
  subscriptionMaxSeconds: number;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface Engine {
  /** Live queue stats for one company, consistent with the simulation at this instant. */
  stats(companyId: string): WireQueueStats[];
  /**
   * POST/GET/DELETE /api/subscriptions/... routes. Mounted by app.ts inside the
   * authenticated, versioned, rate-limited /api scope, so `request.principal` is set.
   * Routes declare `config: { rateLimit: 'subscriptions' }`.
   */
  subscriptionRoutes: FastifyPluginAsync;
  /**
   * Answers GET /api/call_queues/stats/live/ with these stats (201), or with the
   * failure the sandbox's fault switch asks for (error, truncated JSON, a late or no answer).
   */
  sendStats(companyId: string, request: FastifyRequest, reply: FastifyReply, stats: WireQueueStats[]): Promise<FastifyReply> | FastifyReply;
  /** True while the sandbox has taken the token endpoint down (it answers 503). */
  tokenDown(): boolean;
  /** Ends stats answers a fault holds back, so the HTTP server can close. */
  releaseHeldAnswers(): void;
  /** The /sandbox/ test-control routes (not part of the spec); mounted only when the sandbox is enabled. */
  sandboxRoutes: FastifyPluginAsync;
  /** Starts the simulator's timers (if enabled) and delivery workers. */
  start(): void;
  /** Stops timers, ends pending deliveries. */
  close(): Promise<void>;
}
