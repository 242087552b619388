'use client';
/**
 * The agent's screen pop: their own ringing calls the moment they ring, the
 * call they are on, and today's calls; with desktop notifications and an
 * optional chime for when the tab is not in front.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLive } from '@/lib/realtime/client';
import { DegradedBanner, SignOutButton, useAlertSound, useServerNow } from '@/lib/ui/common';
import { formatPhoneNumber } from '@/lib/ui/format';
import { RECONNECT_GRACE_MS } from '@/lib/ui/status';
import { agentCalls } from './agent-calls';
import { CallCard } from './call-card';
import { CallHistory } from './call-history';
import { useDesktopNotifications } from './use-desktop-notifications';
import { usePopAlerts } from './use-pop-alerts';

const AGENT = { view: 'agent' } as const;
const SOUND_KEY = 'wallboard.agentSound';

interface AgentScreenProps {
  name: string;
  extension: string;
  crmUrlTemplate: string | null;
  signInHref: string;
}

export function AgentScreen({ name, extension, crmUrlTemplate, signInHref }: AgentScreenProps) {
  const live = useLive(AGENT);
  const nowMs = useServerNow(live.serverOffsetMs);
  const { snapshot, connection } = live;
  const calls = useMemo(() => (snapshot ? agentCalls(snapshot, extension) : null), [snapshot, extension]);
  const notifications = useDesktopNotifications();
  const sound = useAlertSound();
  const [soundOn, setSoundOn] = useState(false);

  useEffect(() => setSoundOn(window.localStorage.getItem(SOUND_KEY) === 'on'), []);
  const toggleSound = (): void => {
    const next = !soundOn;
    // The click that turns sound on is also the gesture that lets the browser play it.
    if (next) sound.unlock();
    window.localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
    setSoundOn(next);
  };
  const { play } = sound;
  const chime = useCallback(() => {
    if (soundOn) play();
  }, [soundOn, play]);
  usePopAlerts(calls?.ringing ?? null, { notify: notifications.show, dismiss: notifications.close, chime });

  const disconnected = connection.status === 'reconnecting' && nowMs - (connection.since + live.serverOffsetMs) >= RECONNECT_GRACE_MS;

  return (
    <>
      <header className="border-b border-slate-800 bg-slate-950">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-50">My calls</h1>
            <p className="text-sm text-slate-300">
              {name} · extension {extension}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <NotificationControl access={notifications.access} onRequest={notifications.request} />
            <button type="button" aria-pressed={soundOn} onClick={toggleSound} className="rounded-lg bg-slate-800 px-3 py-1.5 hover:bg-slate-700">
              Ring sound: {soundOn ? 'on' : 'off'}
            </button>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-5xl gap-6 p-4 md:grid-cols-[3fr_2fr]">
        {connection.status === 'refused' && (
          <p role="alert" className="md:col-span-2">
            Your session has ended. <a href={signInHref} className="font-semibold text-sky-300 underline">Sign in again</a> to keep receiving calls.
          </p>
        )}
        {snapshot && (
          <DegradedBanner
            degradation={disconnected ? { reason: 'connection', since: connection.since + live.serverOffsetMs } : null}
            timeZone={snapshot.timeZone}
            nowMs={nowMs}
            className="md:col-span-2"
          />
        )}
        {snapshot?.health.subscription.phase === 'failed' && (
          <p role="status" className="rounded-lg bg-amber-300 px-3 py-2 font-semibold text-slate-950 md:col-span-2">
            Call events from the phone system are interrupted: new calls may not pop up here until they resume.
          </p>
        )}
        <section aria-labelledby="now-title" className="grid content-start gap-4">
          <h2 id="now-title" className="text-lg font-semibold text-slate-50">
            Now
          </h2>
          <div aria-live="assertive" className="sr-only" data-testid="pop-announcement">
            {calls?.ringing.map((call) => `Incoming call from ${call.caller.name ?? formatPhoneNumber(call.caller.number)}${call.queue ? `, ${call.queue} queue` : ''}. `)}
          </div>
          {!calls && <p role="status" className="text-slate-300">Connecting…</p>}
          {calls && calls.ringing.length === 0 && calls.active.length === 0 && (
            <p className="rounded-2xl border border-dashed border-slate-700 p-8 text-center text-slate-300">
              Waiting for calls. Your next call pops up here the moment your phone rings.
            </p>
          )}
          {calls?.ringing.map((call) => <CallCard key={call.id} call={call} nowMs={nowMs} crmUrlTemplate={crmUrlTemplate} />)}
          {calls?.active.map((call) => <CallCard key={call.id} call={call} nowMs={nowMs} crmUrlTemplate={crmUrlTemplate} />)}
        </section>
        <section aria-labelledby="today-title" className="grid content-start gap-2">
          <h2 id="today-title" className="text-lg font-semibold text-slate-50">
            Today
          </h2>
          {snapshot && calls && <CallHistory entries={calls.history} timeZone={snapshot.timeZone} />}
        </section>
      </main>
    </>
  );
}

function NotificationControl({ access, onRequest }: { access: ReturnType<typeof useDesktopNotifications>['access']; onRequest(): void }) {
  if (access === 'unsupported') return null;
  if (access === 'granted') return <span className="text-emerald-300">Desktop notifications on</span>;
  if (access === 'denied') return <span className="text-slate-300">Notifications blocked in this browser’s site settings</span>;
  return (
    <button type="button" onClick={onRequest} className="rounded-lg bg-sky-700 px-3 py-1.5 font-semibold text-white hover:bg-sky-600">
      Enable desktop notifications
    </button>
  );
}
