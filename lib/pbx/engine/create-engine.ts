/**
 * The service's engine: the simulator's events fanned out to subscriptions and
 * delivered as webhooks, the subscription and sandbox routes, and live stats.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TimerHandle } from '@/lib/clock';
import { createDelivery, newSigningSecret, type DeliveryTarget } from '../delivery';
import { createFaults, createSandboxRoutes } from '../sandbox';
import { createSimulator } from '../simulator';
import { createSubscriptionRoutes, createSubscriptionStore, type Subscription } from '../subscriptions';
import { initMessages, READY_MESSAGE, subscribersOf } from './fan-out';
import { createRequestCounter } from './request-counter';
import type { Engine, EngineOptions } from './types';

/** Initialization "can take a few seconds" (spec 3.1); events before ready are not delivered. */
const INITIALIZATION_MS = 1500;

export function createEngine(options: EngineOptions): Engine {
  const { clock, random, log, seed } = options;
  const initializing = new Map<string, TimerHandle>();
  const requests = createRequestCounter();
  const faults = createFaults(clock);

  const store = createSubscriptionStore({
    clock,
    random,
    newSecret: options.delivery.signing ? newSigningSecret : null,
    onEnded(subscription) {
      const timer = initializing.get(subscription.id);
      if (timer) clock.clearTimeout(timer);
      initializing.delete(subscription.id);
      log.info({ subscriptionId: subscription.id, companyId: subscription.owner.companyId }, 'subscription ended');
    },
  });

  const delivery = createDelivery({
    clock,
    fetch: faults.deliveryFetch(options.fetch),
    options: options.delivery,
    log,
    newMessageId: () => `msg_${Math.floor(random() * 2 ** 48).toString(36)}${Math.floor(random() * 2 ** 48).toString(36)}`,
    isActive: (subscriptionId) => store.get(subscriptionId) !== undefined,
  });

  const target = (subscription: Subscription): DeliveryTarget => ({ postUri: subscription.postUri, subscriptionId: subscription.id, secret: subscription.secret });

  const simulator = createSimulator({
    seed,
    clock,
    random,
    options: options.simulator,
    onEvent(event) {
      for (const subscription of subscribersOf(store.ofCompany(event.companyId), event)) {
        delivery.enqueue(target(subscription), event.kind, event.kind === 'call' ? event.message : event.records);
      }
    },
  });

  function initialize(subscription: Subscription): void {
    for (const message of initMessages(subscription)) delivery.enqueue(target(subscription), 'init', message);
    const timer = clock.setTimeout(() => {
      initializing.delete(subscription.id);
      if (store.markReady(subscription.id)) delivery.enqueue(target(subscription), 'init', READY_MESSAGE);
    }, INITIALIZATION_MS);
    initializing.set(subscription.id, timer);
  }

  const routes = createSubscriptionRoutes({
    store,
    companies: seed.companies,
    limits: { defaultSeconds: options.subscriptionDefaultSeconds, maxSeconds: options.subscriptionMaxSeconds },
    allowedHosts: options.delivery.allowedHosts,
    onCreated: initialize,
  });
  const subscriptionRoutes: FastifyPluginAsync = async (app) => {
    app.addHook('onResponse', async (request) => requests.count(`${request.method} ${request.routeOptions.url}`));
    await app.register(routes);
  };

  return {
    stats(companyId) {
      requests.count('GET /api/call_queues/stats/live/');
      return simulator.stats(companyId);
    },
    subscriptionRoutes,
    sendStats: faults.sendStats,
    tokenDown: faults.tokenDown,
    releaseHeldAnswers: faults.releaseHeld,
    sandboxRoutes: createSandboxRoutes({ simulator, subscriptions: store, delivery, requests, faults, companies: seed.companies }),
    start() {
      simulator.start();
    },
    async close() {
      faults.releaseHeld();
      simulator.close();
      for (const timer of initializing.values()) clock.clearTimeout(timer);
      initializing.clear();
      store.close();
      await delivery.close();
    },
  };
}
