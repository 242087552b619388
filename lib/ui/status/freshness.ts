/**
 * How old the numbers on screen are. The server polls queue stats every
 * `pollMs`; three missed polls in a row mean the figures can no longer be
 * trusted as live, and the screens say so (keeping the last numbers, dimmed).
 */
import type { UpstreamHealth } from '@/lib/realtime/types';
import type { ConnectionStatus } from '@/lib/realtime/client';

const MISSED_POLLS_BEFORE_STALE = 3;
/** A reconnect shorter than this (a server restart, a network blip) is not worth a banner. */
export const RECONNECT_GRACE_MS = 5_000;

function staleAfterMs(health: UpstreamHealth): number {
  return MISSED_POLLS_BEFORE_STALE * health.stats.pollMs;
}

export function isStale(statsAt: number | null, health: UpstreamHealth, nowMs: number): boolean {
  return statsAt !== null && nowMs - statsAt > staleAfterMs(health);
}

export type Degradation =
  /** The browser has lost the push server; `since` is server time. */
  | { reason: 'connection'; since: number }
  /** The server cannot get queue stats from the telephony service; `since` is the last good poll, if any. */
  | { reason: 'stats'; since: number | null; lastSuccessAt: number | null };

interface DegradationInputs {
  health: UpstreamHealth;
  nowMs: number;
  connection: { status: ConnectionStatus; sinceMs: number };
}

export function assessDegradation({ health, nowMs, connection }: DegradationInputs): Degradation | null {
  const disconnected = connection.status === 'reconnecting' || connection.status === 'refused';
  if (disconnected && nowMs - connection.sinceMs >= RECONNECT_GRACE_MS) return { reason: 'connection', since: connection.sinceMs };
  const { lastSuccessAt, failingSince } = health.stats;
  if (lastSuccessAt === null) {
    return failingSince === null ? null : { reason: 'stats', since: failingSince, lastSuccessAt: null };
  }
  if (nowMs - lastSuccessAt > staleAfterMs(health)) return { reason: 'stats', since: lastSuccessAt, lastSuccessAt };
  return null;
}
