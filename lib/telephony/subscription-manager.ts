/**
 * Keeps the company's one call + CDR subscription alive (spec 3.1, 4.4-4.6):
 * creates or renews it at start, renews it at half-life, reads it back to
 * notice when the service lost it, recreates it when deliveries stop, and
 * deletes it on a clean shutdown. The post_uri holds the webhook's secret path,
 * so it is never logged.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { UpstreamHealth } from '@/lib/realtime/types';
import { backoffDelay } from './backoff';
import type { TelephonyClient } from './client';
import { describeError, TelephonyError } from './errors';
import type { TelephonyLogger } from './logger';
import { type HeldSubscription, planSubscriptionStep, type SubscriptionAction } from './plan-subscription-step';
import { createSavedSubscription, type SubscriptionRecordStore } from './saved-subscription';
import type { CreatedSubscription, SubscriptionInitState } from './types';

export type SubscriptionHealth = UpstreamHealth['subscription'];

export interface SubscriptionManagerOptions {
  client: Pick<TelephonyClient, 'createSubscription' | 'getSubscription' | 'deleteSubscription'>;
  store: SubscriptionRecordStore;
  /** PUBLIC_URL + the secret webhook path. */
  postUri: string;
  clock: Clock;
  log: TelephonyLogger;
  random?: () => number;
  expiresInSeconds?: number;
  checkEveryMs?: number;
  silenceLimitMs?: number;
  retryBaseMs?: number;
  retryCapMs?: number;
}

export interface SubscriptionManager {
  /** Creates or renews the subscription; resolves after the first attempt, whether or not it worked. */
  start(): Promise<void>;
  stop(options?: { deleteUpstream?: boolean }): Promise<void>;
  /** The webhook intake received an init message (spec 2.6). */
  noteInit(state: SubscriptionInitState): void;
  /**
   * The webhook intake accepted a delivery at this instant. An event (call or CDR)
   * proves the subscription ready even when its ready message was lost: the
   * service sends events only once ready (spec 3.1) and never retries a delivery.
   */
  noteActivity(at: number, kind?: 'init' | 'event'): void;
  /** Key of signed deliveries, when the service returned one (sandbox extension). */
  signingSecret(): string | null;
  health(): SubscriptionHealth;
  onHealth(listener: (health: SubscriptionHealth) => void): () => void;
}

export function createSubscriptionManager(options: SubscriptionManagerOptions): SubscriptionManager {
  const { client, clock, log, postUri } = options;
  const saved = createSavedSubscription(options.store, postUri, log);
  const policy = { checkEveryMs: options.checkEveryMs ?? 300_000, silenceLimitMs: options.silenceLimitMs ?? 900_000 };
  const backoff = {
    baseMs: options.retryBaseMs ?? 5_000,
    capMs: options.retryCapMs ?? 300_000,
    random: options.random ?? Math.random,
  };
  const expiresIn = options.expiresInSeconds ?? 86_400;
  const listeners = new Set<(health: SubscriptionHealth) => void>();
  let held: HeldSubscription | null = null;
  let operation: 'creating' | 'renewing' | null = null;
  // An init message can overtake the answer to our own POST: keep it until that answer lands.
  let pendingInit: SubscriptionInitState | null = null;
  let lastActivityAt: number | null = null;
  let lastCheckAt = clock.now();
  let retry: { action: SubscriptionAction; at: number } | null = null;
  let failures = 0;
  let error: string | null = null;
  let secret: string | null = null;
  let running = false;
  let timer: TimerHandle | null = null;
  let busy: Promise<void> | null = null;

  function health(): SubscriptionHealth {
    const live = held && held.expiresAt > clock.now() ? held : null;
    const phase = operation ?? live?.state ?? (error ? 'failed' : 'none');
    return { id: held?.id ?? null, phase, expiresAt: held?.expiresAt ?? null, lastEventAt: lastActivityAt, error };
  }

  function emitHealth(): void {
    const snapshot = health();
    for (const listener of listeners) listener(snapshot);
  }

  function cancelTimer(): void {
    if (timer) clock.clearTimeout(timer);
    timer = null;
  }

  function schedule(): void {
    cancelTimer();
    if (!running || busy) return;
    const step = planSubscriptionStep({ held, lastActivityAt, lastCheckAt, retry }, policy, clock.now());
    timer = clock.setTimeout(() => {
      timer = null;
      // Planned again on waking: deliveries since may have moved the silence deadline.
      const due = planSubscriptionStep({ held, lastActivityAt, lastCheckAt, retry }, policy, clock.now());
      if (due.at <= clock.now()) void runNow(due.action);
      else schedule();
    }, step.at - clock.now());
  }

  function runNow(action: SubscriptionAction): Promise<void> {
    busy = (async () => {
      await run(action);
      busy = null;
      emitHealth();
      schedule();
    })();
    return busy;
  }

  async function run(action: SubscriptionAction): Promise<void> {
    try {
      if (action === 'check') await check();
      else if (action === 'recreate') await recreate();
      else await establish(action);
      failures = 0;
      retry = null;
      error = null;
    } catch (caught) {
      failures += 1;
      error = describeError(caught);
      const retryAfterMs = caught instanceof TelephonyError ? (caught.retryAfterMs ?? 0) : 0;
      const delay = Math.max(backoffDelay(failures, backoff), retryAfterMs);
      retry = { action: held ? action : 'create', at: clock.now() + delay };
      const context = { err: error, action, failures, retryInMs: delay };
      if (caught instanceof TelephonyError) log.warn(context, 'telephony subscription step failed');
      else log.error({ ...context, cause: caught }, 'telephony subscription step failed unexpectedly');
    } finally {
      operation = null;
    }
  }

  async function establish(action: 'create' | 'renew'): Promise<void> {
    operation = held && action === 'renew' ? 'renewing' : 'creating';
    emitHealth();
    adopt(await client.createSubscription({ postUri, expiresIn, calls: true, cdrs: true }));
    // Init messages from here on update the held subscription directly.
    operation = null;
    await persist();
  }

  function adopt(created: CreatedSubscription): void {
    const now = clock.now();
    const previous = held?.id === created.id ? held : null;
    if (!previous) log.info({ subscriptionId: created.id }, 'telephony subscription created');
    held = {
      id: created.id,
      expiresAt: created.expiresAt,
      renewedAt: now,
      establishedAt: previous?.establishedAt ?? now,
      // A new id starts over (spec 3.1): preparing until the service says ready.
      state: pendingInit ?? previous?.state ?? 'preparing',
    };
    pendingInit = null;
    secret = created.secret ?? (previous ? secret : null);
    lastCheckAt = now;
  }

  async function check(): Promise<void> {
    if (!held) return establish('create');
    lastCheckAt = clock.now();
    const found = await client.getSubscription(held.id);
    if (found) {
      held.expiresAt = found.expiresAt;
      return;
    }
    log.warn({ subscriptionId: held.id }, 'telephony subscription is gone; creating a new one');
    await forget();
    await establish('create');
  }

  async function recreate(): Promise<void> {
    if (!held) return establish('create');
    operation = 'creating';
    emitHealth();
    log.warn(
      { subscriptionId: held.id, silentForMs: clock.now() - Math.max(lastActivityAt ?? 0, held.establishedAt) },
      'no webhook delivery for too long; recreating the telephony subscription',
    );
    await client.deleteSubscription(held.id);
    await forget();
    await establish('create');
  }

  async function persist(): Promise<void> {
    if (held) await saved.save(held, clock.now());
  }

  async function forget(): Promise<void> {
    held = null;
    secret = null;
    await saved.clear();
  }

  async function resumeStored(): Promise<void> {
    const stored = await saved.load(clock.now());
    if (stored.kind === 'resume') held = stored.held;
    if (stored.kind !== 'obsolete') return;
    log.info({ subscriptionId: stored.id }, 'webhook address changed; deleting the old telephony subscription');
    await client.deleteSubscription(stored.id).catch((caught: unknown) => {
      log.warn({ err: describeError(caught), subscriptionId: stored.id }, 'could not delete the old telephony subscription');
    });
    await forget();
  }

  function noteInitAt(state: SubscriptionInitState, at: number): void {
    lastActivityAt = Math.max(lastActivityAt ?? -Infinity, at);
    if (operation || !held) pendingInit = state;
    else if (held.state !== state) {
      held.state = state;
      void persist();
    }
    emitHealth();
    schedule();
  }

  return {
    async start() {
      if (running) return;
      running = true;
      await resumeStored();
      // Repeating the creation request renews the same id (spec 3.1), so a restart keeps it.
      await runNow(held ? 'renew' : 'create');
    },
    async stop({ deleteUpstream = false } = {}) {
      running = false;
      cancelTimer();
      if (busy) await busy;
      if (deleteUpstream && held) {
        const id = held.id;
        try {
          await client.deleteSubscription(id);
          await forget();
          log.info({ subscriptionId: id }, 'telephony subscription deleted');
        } catch (caught) {
          log.warn({ err: describeError(caught), subscriptionId: id }, 'could not delete the telephony subscription');
        }
      }
      emitHealth();
    },
    noteInit(state) {
      noteInitAt(state, clock.now());
    },
    noteActivity(at, kind) {
      lastActivityAt = Math.max(lastActivityAt ?? -Infinity, at);
      if (kind === 'event' && (pendingInit ?? held?.state) === 'preparing') noteInitAt('ready', at);
    },
    signingSecret: () => secret,
    health,
    onHealth(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
