/**
 * One instance's copy of the live state, fed from the live log. Every instance
 * applies the same entries in the same order to its own live core, so every
 * screen shows the same numbers whichever instance it is connected to.
 * A starting instance replays what the log retains before it serves anyone.
 */
import type { Logger } from '@/lib/log';
import type { LiveCore } from '@/lib/realtime';
import type { AlertSettings, Thresholds } from '@/lib/realtime/types';
import type { DecodedEntry } from './log-entry-codec';
import type { LogEntry } from './log-entry-schemas';
import type { StartUpCdrs } from './start-up-cdrs';

/** A webhook delivery some instance accepted: what the leader's subscription watchdog needs to know. */
export type WebhookActivity = Extract<LogEntry, { kind: 'call' | 'cdrs' | 'init' | 'duplicate' }>;

export interface ReplicaDeps {
  core: Pick<LiveCore, 'applyStats' | 'applyCallEvent' | 'applyCdrs' | 'updateHealth' | 'countWebhook' | 'settingsChanged'>;
  /** Reads the settings back from the shared store after another instance saved them. */
  loadSettings(): Promise<{ thresholds: Thresholds; alerts: AlertSettings }>;
  /** What the live core loaded at start, which the log may repeat. */
  startUpCdrs: Pick<StartUpCdrs, 'notLoaded'>;
  log: Logger;
}

export interface Replica {
  /** `replayed`: read from the log's history at start-up rather than as it happened; not counted as webhooks. */
  apply(decoded: DecodedEntry, options: { replayed: boolean }): void;
  /** The key of signed deliveries, as the leader last published it. */
  signingSecret(): string | null;
  onWebhook(listener: (activity: WebhookActivity) => void): () => void;
}

export function createReplica(deps: ReplicaDeps): Replica {
  const { core, log } = deps;
  const webhookListeners = new Set<(activity: WebhookActivity) => void>();
  let highestFence = 0;
  let signingSecret: string | null = null;

  /** Refuses what a deposed leader wrote after its successor began (the script fences writes; this guards the order we read). */
  function fenced(entry: { fence: number }, id: string): boolean {
    if (entry.fence < highestFence) {
      log.warn({ id, fence: entry.fence, highestFence }, 'ignoring a live-log entry from an earlier leader');
      return false;
    }
    highestFence = entry.fence;
    return true;
  }

  function applyEntry(entry: LogEntry, id: string, replayed: boolean): void {
    switch (entry.kind) {
      case 'call':
        core.applyCallEvent(entry.event, entry.at);
        break;
      case 'cdrs': {
        const records = deps.startUpCdrs.notLoaded(entry.records);
        if (records.length > 0) core.applyCdrs(records, entry.at);
        break;
      }
      case 'init':
      case 'duplicate':
        break;
      case 'stats':
        if (fenced(entry, id)) core.applyStats(entry.stats, entry.at);
        return;
      case 'health':
        if (!fenced(entry, id)) return;
        core.updateHealth(entry.health);
        signingSecret = entry.signingSecret;
        return;
      case 'settings':
        deps
          .loadSettings()
          .then((settings) =>
            core.settingsChanged({
              ...(entry.thresholds ? { thresholds: settings.thresholds } : {}),
              ...(entry.alerts ? { alerts: settings.alerts } : {}),
            }),
          )
          .catch((error: unknown) => log.error({ err: error }, 'reloading settings failed'));
        return;
    }
    if (!replayed) core.countWebhook(entry.kind === 'duplicate' ? 'duplicate' : 'accepted');
    for (const listener of webhookListeners) listener(entry);
  }

  return {
    apply(decoded, { replayed }) {
      if (!decoded.ok) {
        log.warn({ id: decoded.id, reason: decoded.reason }, 'skipping an unreadable live-log entry');
        return;
      }
      try {
        applyEntry(decoded.entry, decoded.id, replayed);
      } catch (error) {
        log.error({ err: error, id: decoded.id }, 'applying a live-log entry failed');
      }
    },
    signingSecret: () => signingSecret,
    onWebhook(listener) {
      webhookListeners.add(listener);
      return () => webhookListeners.delete(listener);
    },
  };
}

