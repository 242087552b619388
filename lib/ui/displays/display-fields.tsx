'use client';
/** The fields that say what a display shows: its name, queues, views and rotation. */
import { useId, useState } from 'react';
import type { WallView } from '@/lib/realtime/events';
import type { DisplayForm } from './display-form';

const VIEWS: Array<{ view: WallView; label: string }> = [
  { view: 'queues', label: 'All its queues on one screen' },
  { view: 'queue', label: 'One queue at a time' },
  { view: 'agents', label: 'Agents' },
];

export const inputClass =
  'w-full rounded-md bg-slate-950 px-3 py-2 text-slate-100 ring-1 ring-slate-700 focus:outline-none focus:ring-2 focus:ring-sky-500';

export function DisplayFields({
  form,
  onChange,
  knownQueues,
}: {
  form: DisplayForm;
  onChange(form: DisplayForm): void;
  knownQueues: readonly string[];
}) {
  const id = useId();
  const [newQueue, setNewQueue] = useState('');
  const queueChoices = [...new Set([...knownQueues, ...form.queues])].sort((a, b) => a.localeCompare(b));
  const toggle = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? [...list, item] : list.filter((entry) => entry !== item));
  const addQueue = () => {
    const name = newQueue.trim();
    if (name && !form.queues.includes(name)) onChange({ ...form, queuesMode: 'some', queues: [...form.queues, name] });
    setNewQueue('');
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <label className="space-y-1 sm:col-span-2">
        <span className="text-sm text-slate-300">Name</span>
        <input
          className={inputClass}
          value={form.name}
          maxLength={60}
          placeholder="Sales floor"
          onChange={(event) => onChange({ ...form, name: event.target.value })}
        />
      </label>

      <fieldset className="space-y-2">
        <legend className="text-sm text-slate-300">Queues</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-queues`} checked={form.queuesMode === 'all'} onChange={() => onChange({ ...form, queuesMode: 'all' })} />
          All queues
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-queues`} checked={form.queuesMode === 'some'} onChange={() => onChange({ ...form, queuesMode: 'some' })} />
          Only these:
        </label>
        {form.queuesMode === 'some' && (
          <div className="space-y-2 pl-6">
            {queueChoices.map((queue) => (
              <label key={queue} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={form.queues.includes(queue)}
                  onChange={(event) => onChange({ ...form, queues: toggle(form.queues, queue, event.target.checked) })}
                />
                {queue}
              </label>
            ))}
            <div className="flex gap-2">
              <input
                className={inputClass}
                value={newQueue}
                aria-label="Add a queue by name"
                placeholder="Queue name"
                onChange={(event) => setNewQueue(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addQueue();
                  }
                }}
              />
              <button type="button" onClick={addQueue} className="rounded-md bg-slate-700 px-3 text-sm hover:bg-slate-600">
                Add
              </button>
            </div>
          </div>
        )}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm text-slate-300">Views</legend>
        {VIEWS.map(({ view, label }) => (
          <label key={view} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={form.views.includes(view)}
              onChange={(event) => onChange({ ...form, views: toggle(form.views, view, event.target.checked) })}
            />
            {label}
          </label>
        ))}
        {form.views.length > 1 && (
          <label className="flex items-center gap-2 pt-1">
            Rotate every
            <input
              type="number"
              min={5}
              max={3600}
              className={`${inputClass} w-24`}
              value={form.rotateSeconds}
              onChange={(event) => onChange({ ...form, rotateSeconds: event.target.value })}
            />
            s
          </label>
        )}
      </fieldset>
    </div>
  );
}
