/**
 * The wallboard's durable store. One interface, two engines: PGlite under ./data
 * (embedded default, no server) and PostgreSQL when DATABASE_URL is set.
 * Every write is durable when its promise resolves.
 */
import type { DisplayConfig, DisplayStatus } from '@/lib/realtime/events';
import type { CdrRecord } from '@/lib/telephony/types';

export interface Store {
  cdrs: CdrStore;
  subscription: SubscriptionStore;
  displays: DisplayStore;
  settings: SettingsStore;
  /** Lets CDR inserts already accepted finish, then closes; calling it again is harmless. */
  close(): Promise<void>;
}

export interface CdrStore {
  /**
   * Stores records not seen before (key: from.callId, to.callId, startTime) and
   * returns only the newly stored ones, so a redelivered CDR is counted once.
   * Concurrent calls share one statement and one disk flush (group commit): let
   * deliveries call it concurrently rather than queueing them one after another.
   */
  insert(records: CdrRecord[], receivedAt: number): Promise<CdrRecord[]>;
  /** Records whose endTime is at or after the given instant, oldest first. */
  listEndedSince(epochMs: number): Promise<CdrRecord[]>;
  /** Deletes records that ended before the instant (retention); returns how many. */
  deleteEndedBefore(epochMs: number): Promise<number>;
}

export interface SubscriptionRecord {
  id: string;
  postUri: string;
  expiresAt: number;
  state: 'preparing' | 'ready';
  updatedAt: number;
}

export interface SubscriptionStore {
  get(): Promise<SubscriptionRecord | null>;
  put(record: SubscriptionRecord): Promise<void>;
  remove(): Promise<void>;
}

export interface DisplayRecord {
  id: string;
  /** SHA-256 of the display token, hex; the token itself is never stored. */
  tokenHash: string;
  config: DisplayConfig;
  createdAt: number;
  lastSeenAt: number | null;
  status: DisplayStatus | null;
  revokedAt: number | null;
}

export interface PairingRecord {
  /** Short code shown in large type on the TV, e.g. "K7Q-4MZ". */
  code: string;
  /**
   * SHA-256 of the display token the TV generated itself; pairing turns it into
   * the display's tokenHash, so the server never holds the token in clear.
   */
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  /** Set when a supervisor pairs the code. */
  displayId: string | null;
}

export interface DisplayStore {
  /** Rejects with StoreError `conflict` when the id or the token hash is taken. */
  create(record: DisplayRecord): Promise<void>;
  get(id: string): Promise<DisplayRecord | null>;
  findByTokenHash(tokenHash: string): Promise<DisplayRecord | null>;
  /** Oldest first. */
  list(): Promise<DisplayRecord[]>;
  /**
   * Changes the fields given (undefined ones are left as they are) and returns the
   * display, or null when there is none. Rejects with `conflict` when the new token
   * hash belongs to another display.
   */
  update(id: string, change: Partial<Omit<DisplayRecord, 'id' | 'createdAt'>>): Promise<DisplayRecord | null>;
  /** Rejects with StoreError `conflict` when the code is in use. */
  createPairing(record: PairingRecord): Promise<void>;
  getPairing(code: string): Promise<PairingRecord | null>;
  updatePairing(code: string, change: Partial<Omit<PairingRecord, 'code'>>): Promise<PairingRecord | null>;
  deletePairingsExpiredBefore(epochMs: number): Promise<number>;
}

/** Small JSON documents: thresholds, alert settings, the webhook path secret. */
export interface SettingsStore {
  /** The value as JSON keeps it; undefined when the key was never put (a stored null reads as null). */
  get(key: string): Promise<unknown>;
  /** Rejects with StoreError `not_json` when the value has no JSON form (undefined, a function, a BigInt). */
  put(key: string, value: unknown): Promise<void>;
}
