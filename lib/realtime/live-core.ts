/**
 * The live core: one live state for the whole company, fed by stats polls,
 * call events and CDRs, aged by a tick, and watched by the Socket.IO streams.
 * It also holds what is pushed beside the state: upstream health and the
 * supervisor's settings. Every input becomes a LiveUpdate for the listeners.
 */
import type { Clock, TimerHandle } from '@/lib/clock';
import type { Logger } from '@/lib/log';
import type { Store } from '@/lib/store';
import type { CallEvent, CdrRecord, QueueStats } from '@/lib/telephony';
import { pruneAcknowledged } from './alert-levels';
import { startOfDay } from './day-start';
import type { LiveFeed } from './live-feed';
import type { PatchBody } from './patch-stream';
import { loadSettings, writeAlerts, type LiveSettings } from './settings';
import { defaultAlerts, defaultThresholds } from './settings-schemas';
import {
  applyCallEvent,
  applyCdrs,
  applyStats,
  createLiveState,
  extensionsConcerned,
  isEmptyChange,
  mergeAllChanges,
  noteAgentName,
  project,
  projectChange,
  tick,
  type Change,
} from './state';
import type { AlertSettings, LiveSnapshot, Thresholds, UpstreamHealth } from './types';
import type { StreamView } from './view-access';

const TICK_MS = 1_000;
const NO_EXTENSIONS: ReadonlySet<string> = new Set();

/** What changed in one input: the state's Change, and which of the side documents moved. */
export interface LiveUpdate {
  change: Change | null;
  health: boolean;
  thresholds: boolean;
  alerts: boolean;
}

type WebhookOutcome = 'accepted' | 'duplicate' | 'rejected';

export interface LiveCore extends LiveFeed<LiveUpdate> {
  /**
   * Loads the settings and today's stored CDRs (so KPIs survive a restart), then
   * starts the tick. Call it before webhooks are accepted: a CDR stored meanwhile
   * would be counted twice.
   */
  start(): Promise<void>;
  close(): void;
  applyStats(stats: QueueStats[], at: number): void;
  applyCallEvent(event: CallEvent, at: number): void;
  applyCdrs(records: CdrRecord[], at: number): void;
  noteAgentName(extension: string, name: string): void;
  updateHealth(part: Partial<Pick<UpstreamHealth, 'stats' | 'subscription' | 'token'>>): void;
  /**
   * A duplicate is an accepted delivery that changed nothing; it counts in both.
   * The counts reach screens with the next tick: sending them per delivery would
   * cost a patch per stream per delivery for a figure nobody reads to the millisecond.
   */
  countWebhook(outcome: WebhookOutcome): void;
}

export interface LiveCoreDeps {
  clock: Clock;
  timeZone: string;
  store: Pick<Store, 'cdrs' | 'settings'>;
  log: Logger;
  /** The stats poll interval, shown in health so screens can tell a late poll. */
  statsPollMs: number;
}

export function createLiveCore(deps: LiveCoreDeps): LiveCore {
  const { clock, log, store, timeZone } = deps;
  const state = createLiveState({ timeZone }, clock.now());
  const listeners = new Set<(update: LiveUpdate) => void>();
  const health: UpstreamHealth = initialHealth(deps.statsPollMs);
  let settings: LiveSettings = { thresholds: defaultThresholds, alerts: defaultAlerts };
  let ticker: TimerHandle | null = null;
  let statsSeen = false;
  let webhookCountsMoved = false;
  let replay: { records: CdrRecord[]; fallback: TimerHandle } | null = null;

  function emit(update: Partial<LiveUpdate>): void {
    const full: LiveUpdate = { change: null, health: false, thresholds: false, alerts: false, ...update };
    for (const listener of listeners) listener(full);
  }

  function emitChange(change: Change): void {
    if (!isEmptyChange(change)) emit({ change });
  }

  /**
   * A CDR's queue leg is known only by its queue id, which the state learns from
   * stats polls and call events. Stored CDRs replayed before the first poll would
   * lose their queue and drop out of the KPIs, so the replay waits for that poll
   * (or, if the service is down, for two poll intervals).
   */
  function replayStoredCdrs(): void {
    if (!replay) return;
    const { records, fallback } = replay;
    replay = null;
    clock.clearTimeout(fallback);
    emitChange(applyCdrs(state, records, clock.now()));
  }

  function onTick(): void {
    const now = clock.now();
    emitChange(tick(state, now));
    if (webhookCountsMoved) {
      webhookCountsMoved = false;
      emit({ health: true });
    }
    releaseLapsedAcknowledgements(now);
    ticker = clock.setTimeout(onTick, TICK_MS);
  }

  /** An acknowledged alert that went back to normal must sound again at its next crossing. */
  function releaseLapsedAcknowledgements(now: number): void {
    if (settings.alerts.acknowledged.length === 0) return;
    const { queues } = project(state, { audience: 'supervisor' });
    const alerts = pruneAcknowledged(settings.alerts, queues, settings.thresholds, now);
    if (!alerts) return;
    settings = { ...settings, alerts };
    emit({ alerts: true });
    writeAlerts(store.settings, alerts).catch((error: unknown) => log.error({ err: error }, 'storing alert settings failed'));
  }

  return {
    async start() {
      const now = clock.now();
      const [loaded, today] = await Promise.all([
        loadSettings(store, log),
        store.cdrs.listEndedSince(startOfDay(now, timeZone)),
      ]);
      settings = loaded;
      emit({ thresholds: true, alerts: true });
      if (today.length > 0) {
        replay = { records: today, fallback: clock.setTimeout(replayStoredCdrs, 2 * deps.statsPollMs) };
        if (statsSeen) replayStoredCdrs();
      }
      ticker ??= clock.setTimeout(onTick, TICK_MS);
    },
    close() {
      if (ticker) clock.clearTimeout(ticker);
      if (replay) clock.clearTimeout(replay.fallback);
      ticker = null;
      replay = null;
      listeners.clear();
    },
    applyStats(stats, at) {
      emitChange(applyStats(state, stats, at));
      statsSeen = true;
      replayStoredCdrs();
    },
    applyCallEvent: (event, at) => emitChange(applyCallEvent(state, event, at)),
    applyCdrs: (records, at) => emitChange(applyCdrs(state, records, at)),
    noteAgentName: (extension, name) => emitChange(noteAgentName(state, extension, name)),
    updateHealth(part) {
      Object.assign(health, structuredClone(part));
      emit({ health: true });
    },
    countWebhook(outcome) {
      if (outcome === 'rejected') health.webhooks.rejected += 1;
      else health.webhooks.accepted += 1;
      if (outcome === 'duplicate') health.webhooks.duplicates += 1;
      webhookCountsMoved = true;
    },
    settingsChanged(change: { thresholds?: Thresholds; alerts?: AlertSettings }) {
      settings = { thresholds: change.thresholds ?? settings.thresholds, alerts: change.alerts ?? settings.alerts };
      emit({ thresholds: change.thresholds !== undefined, alerts: change.alerts !== undefined });
    },
    snapshot(view: StreamView, seq: number): LiveSnapshot {
      return {
        ...project(state, view),
        audience: view.audience,
        seq,
        serverTime: clock.now(),
        timeZone,
        health: structuredClone(health),
        thresholds: settings.thresholds,
        alerts: settings.alerts,
      };
    },
    render(update, view) {
      const projected = update.change ? projectChange(state, update.change, view) : null;
      const body: PatchBody = { ...projected };
      if (update.health) body.health = structuredClone(health);
      if (update.thresholds) body.thresholds = settings.thresholds;
      if (update.alerts) body.alerts = settings.alerts;
      return Object.keys(body).length > 0 ? body : null;
    },
    popsFor: (update) => (update.change ? extensionsConcerned(state, update.change) : NO_EXTENSIONS),
    merge(updates) {
      if (updates.length === 1) return updates[0]!;
      const changes = updates.flatMap((update) => update.change ?? []);
      return {
        change: changes.length > 0 ? mergeAllChanges(changes) : null,
        health: updates.some((update) => update.health),
        thresholds: updates.some((update) => update.thresholds),
        alerts: updates.some((update) => update.alerts),
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function initialHealth(pollMs: number): UpstreamHealth {
  return {
    stats: { pollMs, lastSuccessAt: null, lastAttemptAt: null, failingSince: null, lastError: null, nextPollAt: null },
    subscription: { id: null, phase: 'none', expiresAt: null, lastEventAt: null, error: null },
    token: { ok: true, error: null },
    webhooks: { accepted: 0, rejected: 0, duplicates: 0 },
  };
}
