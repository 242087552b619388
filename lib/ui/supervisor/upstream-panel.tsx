import type { UpstreamHealth } from '@/lib/realtime/types';
import { formatElapsed, formatTimeOfDay } from '@/lib/ui/format';

const PHASE: Record<UpstreamHealth['subscription']['phase'], { label: string; ok: boolean }> = {
  none: { label: 'Not subscribed', ok: false },
  creating: { label: 'Creating', ok: false },
  preparing: { label: 'Preparing', ok: false },
  ready: { label: 'Ready', ok: true },
  renewing: { label: 'Renewing', ok: true },
  failed: { label: 'Failed', ok: false },
};

/** The telephony service as the wallboard sees it: stats polling, call event subscription, token, webhooks. */
export function UpstreamPanel({ health, nowMs, timeZone }: { health: UpstreamHealth; nowMs: number; timeZone: string }) {
  const { stats, subscription, token, webhooks } = health;
  const at = (epoch: number | null): string => (epoch === null ? 'never' : `${formatTimeOfDay(epoch, timeZone)} (${formatElapsed((nowMs - epoch) / 1000)} ago)`);
  const phase = PHASE[subscription.phase];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="upstream">
      <Term>Queue stats</Term>
      <Value ok={stats.failingSince === null}>
        {stats.failingSince === null ? 'Polling' : `Failing since ${formatTimeOfDay(stats.failingSince, timeZone)}`} every {stats.pollMs / 1000} s
      </Value>
      <Term>Last good poll</Term>
      <Value>{at(stats.lastSuccessAt)}</Value>
      {stats.lastError && (
        <>
          <Term>Last error</Term>
          <Value ok={false}>{stats.lastError}</Value>
        </>
      )}
      <Term>Call events</Term>
      <Value ok={phase.ok}>
        <span data-testid="subscription-phase">{phase.label}</span>
        {subscription.expiresAt !== null && `, renews before it expires in ${formatElapsed((subscription.expiresAt - nowMs) / 1000)}`}
        {subscription.error && ` — ${subscription.error}`}
      </Value>
      <Term>Last call event</Term>
      <Value>{at(subscription.lastEventAt)}</Value>
      <Term>Access token</Term>
      <Value ok={token.ok}>{token.ok ? 'OK' : `Failing${token.error ? `: ${token.error}` : ''}`}</Value>
      <Term>Webhooks</Term>
      <Value>
        {webhooks.accepted} accepted · {webhooks.duplicates} duplicates · {webhooks.rejected} rejected
      </Value>
    </dl>
  );
}

function Term({ children }: { children: React.ReactNode }) {
  return <dt className="text-slate-300">{children}</dt>;
}

function Value({ ok, children }: { ok?: boolean; children: React.ReactNode }) {
  const mark = ok === undefined ? null : ok ? <span className="text-emerald-300">✓ </span> : <span className="text-red-300">✗ </span>;
  return (
    <dd className={ok === false ? 'font-semibold text-red-200' : 'text-slate-100'}>
      {mark}
      {children}
    </dd>
  );
}
