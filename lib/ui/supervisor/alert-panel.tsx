import { useState, useTransition } from 'react';
import { saveAlertsAction } from '@/lib/actions/settings';
import type { AlertSettings } from '@/lib/realtime/types';
import { LevelBadge } from '@/lib/ui/common';
import { formatTimeOfDay } from '@/lib/ui/format';
import type { Crossing } from '@/lib/ui/status';

const METRIC_LABEL = { callsWaiting: 'calls waiting', longestWaitSeconds: 'longest wait' } as const;

type AlertChange = Parameters<typeof saveAlertsAction>[0];

/**
 * The wall's alert sound: on or off, snooze, and acknowledging crossings so
 * they stop chiming. The new settings come back over the socket, so this
 * panel keeps no copy of its own beyond the pending request.
 */
export function AlertPanel({ alerts, crossings, nowMs, timeZone }: { alerts: AlertSettings; crossings: Crossing[]; nowMs: number; timeZone: string }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const send = (change: AlertChange): void =>
    startTransition(async () => {
      const result = await saveAlertsAction(change);
      setError('error' in result ? result.error.message : null);
    });
  const snoozed = alerts.snoozedUntil !== null && alerts.snoozedUntil > nowMs;

  return (
    <div className="grid gap-3" aria-busy={pending}>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-pressed={alerts.soundEnabled}
          disabled={pending}
          onClick={() => send({ action: 'sound', enabled: !alerts.soundEnabled })}
          className={`rounded-lg px-3 py-1.5 font-semibold ${alerts.soundEnabled ? 'bg-sky-600 text-white' : 'bg-slate-700 text-slate-100'}`}
        >
          Wall sound: {alerts.soundEnabled ? 'on' : 'off'}
        </button>
        {snoozed ? (
          <>
            <span className="text-amber-200">Snoozed until {formatTimeOfDay(alerts.snoozedUntil ?? nowMs, timeZone)}</span>
            <button type="button" disabled={pending} onClick={() => send({ action: 'unsnooze' })} className="rounded-lg bg-slate-700 px-3 py-1.5">
              Resume now
            </button>
          </>
        ) : (
          <>
            <button type="button" disabled={pending || !alerts.soundEnabled} onClick={() => send({ action: 'snooze', minutes: 15 })} className="rounded-lg bg-slate-700 px-3 py-1.5 disabled:opacity-50">
              Snooze 15 min
            </button>
            <button type="button" disabled={pending || !alerts.soundEnabled} onClick={() => send({ action: 'snooze', minutes: 60 })} className="rounded-lg bg-slate-700 px-3 py-1.5 disabled:opacity-50">
              Snooze 1 h
            </button>
          </>
        )}
      </div>
      {error && (
        <p role="alert" className="rounded bg-red-950 px-3 py-2 text-red-200">
          {error}
        </p>
      )}
      {crossings.length === 0 ? (
        <p className="text-slate-300">All queues within their thresholds.</p>
      ) : (
        <ul className="grid gap-1.5" data-testid="crossings">
          {crossings.map((crossing) => (
            <li key={crossing.key} className="flex items-center justify-between gap-2 rounded-lg bg-slate-800 px-3 py-1.5">
              <span className="flex items-center gap-2">
                <LevelBadge level={crossing.level} className="text-xs" />
                <span>
                  <span className="font-semibold">{crossing.queue}</span> {METRIC_LABEL[crossing.metric]}
                </span>
              </span>
              {crossing.acknowledged ? (
                <span className="text-sm text-slate-300">Acknowledged</span>
              ) : (
                <button type="button" disabled={pending} onClick={() => send({ action: 'acknowledge', key: crossing.key })} className="rounded bg-slate-600 px-2 py-1 text-sm font-semibold">
                  Acknowledge
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
