'use client';
/**
 * The supervisor's Displays section: the wall TVs in service with their last
 * heartbeat, and the ways to add one (pair by code, or a display link).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { systemClock } from '@/lib/clock';
import { AddDisplayPanel } from './add-display-panel';
import { DisplayRow } from './display-row';
import { displaysQueryOptions } from './queries';

export function DisplayManager({ queueOptions = [] }: { queueOptions?: readonly string[] }) {
  const displays = useQuery(displaysQueryOptions());
  const [adding, setAdding] = useState<'pair' | 'link' | null>(null);
  const now = useTickingNow(5_000);
  const knownQueues = [
    ...new Set([...queueOptions, ...(displays.data ?? []).flatMap((display) => (display.config.queues === 'all' ? [] : display.config.queues))]),
  ];

  return (
    <section aria-labelledby="displays-heading" className="space-y-4 text-slate-100">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="displays-heading" className="text-2xl font-bold">
          Displays
        </h2>
        <div className="flex gap-2">
          <button type="button" onClick={() => setAdding('pair')} className="rounded-md bg-sky-600 px-4 py-2 font-semibold hover:bg-sky-500">
            Pair
          </button>
          <button type="button" onClick={() => setAdding('link')} className="rounded-md bg-slate-700 px-4 py-2 hover:bg-slate-600">
            Create display link
          </button>
        </div>
      </div>
      {adding && <AddDisplayPanel key={adding} mode={adding} knownQueues={knownQueues} onDone={() => setAdding(null)} />}
      {displays.isPending && <p className="text-slate-400">Loading displays…</p>}
      {displays.isError && (
        <p role="alert" className="text-red-300">
          {displays.error.message}
        </p>
      )}
      {displays.data?.length === 0 && (
        <p className="text-slate-400">No displays yet. Open /wall on a TV to get a pairing code, then press Pair.</p>
      )}
      <ul className="space-y-3">
        {displays.data?.map((display) => (
          <DisplayRow key={display.id} display={display} now={now} knownQueues={knownQueues} />
        ))}
      </ul>
    </section>
  );
}

/** Now, re-read every few seconds, so "last heartbeat 40 s ago" keeps counting between refetches. */
function useTickingNow(everyMs: number): number {
  const [now, setNow] = useState(() => systemClock.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(systemClock.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
