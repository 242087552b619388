/**
 * Subscriptions in memory (spec 3.1): created or renewed per owner and post_uri,
 * ended by their own expiry timer on the injected clock.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { EventType } from './schemas';

export interface SubscriptionOwner {
  companyId: string;
  clientId: string;
  userId: string | null;
}

export interface Subscription {
  /** 16 digits, below 2^53 so the read response can carry it as a JSON number. */
  id: string;
  owner: SubscriptionOwner;
  postUri: string;
  types: EventType[];
  /** Extensions whose calls are delivered; null for every user of the company. */
  users: string[] | null;
  expiresAt: number;
  state: 'preparing' | 'ready';
  /** Signing secret (Standard Webhooks `whsec_` form) when signing is on. */
  secret: string | null;
}

interface SubscriptionRequest {
  owner: SubscriptionOwner;
  postUri: string;
  types: EventType[];
  users: string[] | null;
  expiresInSeconds: number;
}

export interface SubscriptionStore {
  /** A new subscription, or the owner's live one for the same post_uri renewed with a new expiry. */
  createOrRenew(request: SubscriptionRequest): { subscription: Subscription; created: boolean };
  get(id: string): Subscription | undefined;
  remove(id: string): boolean;
  markReady(id: string): Subscription | undefined;
  ofCompany(companyId: string): Subscription[];
  all(): Subscription[];
  close(): void;
}

interface SubscriptionStoreDeps {
  clock: Clock;
  random: () => number;
  newSecret: (() => string) | null;
  onEnded: (subscription: Subscription) => void;
}

const SMALLEST_ID = 1_000_000_000_000_000;
const ID_RANGE = 8_000_000_000_000_000;

export function createSubscriptionStore({ clock, random, newSecret, onEnded }: SubscriptionStoreDeps): SubscriptionStore {
  const byId = new Map<string, Subscription>();
  const expiryTimers = new Map<string, TimerHandle>();

  function newId(): string {
    for (;;) {
      const id = String(SMALLEST_ID + Math.floor(random() * ID_RANGE));
      if (!byId.has(id)) return id;
    }
  }

  function scheduleExpiry(subscription: Subscription): void {
    const previous = expiryTimers.get(subscription.id);
    if (previous) clock.clearTimeout(previous);
    const handle = clock.setTimeout(() => remove(subscription.id), subscription.expiresAt - clock.now());
    expiryTimers.set(subscription.id, handle);
  }

  function remove(id: string): boolean {
    const subscription = byId.get(id);
    if (!subscription) return false;
    byId.delete(id);
    const timer = expiryTimers.get(id);
    if (timer) clock.clearTimeout(timer);
    expiryTimers.delete(id);
    onEnded(subscription);
    return true;
  }

  const sameOwner = (a: SubscriptionOwner, b: SubscriptionOwner) => a.companyId === b.companyId && a.clientId === b.clientId && a.userId === b.userId;

  return {
    createOrRenew({ owner, postUri, types, users, expiresInSeconds }) {
      const expiresAt = clock.now() + expiresInSeconds * 1000;
      const existing = [...byId.values()].find((subscription) => subscription.postUri === postUri && sameOwner(subscription.owner, owner));
      if (existing) {
        Object.assign(existing, { types, users, expiresAt });
        scheduleExpiry(existing);
        return { subscription: existing, created: false };
      }
      const subscription: Subscription = { id: newId(), owner, postUri, types, users, expiresAt, state: 'preparing', secret: newSecret?.() ?? null };
      byId.set(subscription.id, subscription);
      scheduleExpiry(subscription);
      return { subscription, created: true };
    },
    get: (id) => byId.get(id),
    remove,
    markReady(id) {
      const subscription = byId.get(id);
      if (subscription) subscription.state = 'ready';
      return subscription;
    },
    ofCompany: (companyId) => [...byId.values()].filter((subscription) => subscription.owner.companyId === companyId),
    all: () => [...byId.values()],
    close() {
      for (const timer of expiryTimers.values()) clock.clearTimeout(timer);
      expiryTimers.clear();
      byId.clear();
    },
  };
}
