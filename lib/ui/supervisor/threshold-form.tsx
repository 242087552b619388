import { useState, useTransition } from 'react';
import { saveThresholdsAction } from '@/lib/actions/settings';
import type { Thresholds } from '@/lib/realtime/types';
import { fieldsFromThresholds, thresholdsFromFields, type BandFields, type MetricFields, type ThresholdFields } from './threshold-fields';

type Outcome = { kind: 'saved' } | { kind: 'errors'; messages: string[] } | null;

/**
 * Amber and red marks per metric, with optional per-queue overrides. Saved by
 * a server action; the live server then pushes the new thresholds to every
 * screen, and the fields are re-created from them (their `key` is the
 * settings), so a change made by another supervisor shows up here too. The
 * outcome lives outside the fields so that re-creation does not wipe it.
 */
export function ThresholdForm({ thresholds, queues }: { thresholds: Thresholds; queues: string[] }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <div className="grid gap-4">
      <ThresholdFieldsForm key={JSON.stringify([thresholds, queues])} thresholds={thresholds} queues={queues} onOutcome={setOutcome} />
      <div role="status" aria-live="polite">
        {outcome?.kind === 'saved' && <span className="text-emerald-300">Saved. Every screen now uses these thresholds.</span>}
      </div>
      {outcome?.kind === 'errors' && (
        <ul role="alert" className="list-disc rounded bg-red-950 py-2 pl-8 pr-3 text-red-200">
          {outcome.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ThresholdFieldsForm({ thresholds, queues, onOutcome }: { thresholds: Thresholds; queues: string[]; onOutcome(outcome: Outcome): void }) {
  const [fields, setFields] = useState<ThresholdFields>(() => fieldsFromThresholds(thresholds, queues));
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const parsed = thresholdsFromFields(fields);
    if ('errors' in parsed) {
      onOutcome({ kind: 'errors', messages: parsed.errors });
      return;
    }
    onOutcome(null);
    startTransition(async () => {
      const result = await saveThresholdsAction(parsed.thresholds);
      onOutcome('error' in result ? { kind: 'errors', messages: [result.error.message] } : { kind: 'saved' });
    });
  };

  const setDefault = (metric: keyof MetricFields, band: BandFields): void => setFields((current) => ({ ...current, [metric]: band }));
  const setQueue = (queue: string, metric: keyof MetricFields, band: BandFields): void =>
    setFields((current) => {
      const existing = current.byQueue[queue] ?? { callsWaiting: { amber: '', red: '' }, longestWaitSeconds: { amber: '', red: '' } };
      return { ...current, byQueue: { ...current.byQueue, [queue]: { ...existing, [metric]: band } } };
    });

  return (
    <form onSubmit={submit} className="grid gap-4" aria-describedby="threshold-help" data-testid="threshold-form">
      <p id="threshold-help" className="text-sm text-slate-300">
        A figure at or above amber shows HIGH, at or above red CRITICAL. Waits in seconds or m:ss. Leave a queue’s fields empty to use the default.
      </p>
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="text-left text-slate-300">
            <th scope="col" className="py-1 pr-2 font-medium">Applies to</th>
            <th scope="col" className="px-1 py-1 font-medium">Waiting amber</th>
            <th scope="col" className="px-1 py-1 font-medium">Waiting red</th>
            <th scope="col" className="px-1 py-1 font-medium">Longest wait amber</th>
            <th scope="col" className="px-1 py-1 font-medium">Longest wait red</th>
          </tr>
        </thead>
        <tbody>
          <FieldRow label="Default" name="default" metrics={fields} onChange={setDefault} />
          {queues.map((queue) => (
            <FieldRow
              key={queue}
              label={queue}
              name={queue}
              metrics={fields.byQueue[queue] ?? { callsWaiting: { amber: '', red: '' }, longestWaitSeconds: { amber: '', red: '' } }}
              onChange={(metric, band) => setQueue(queue, metric, band)}
              placeholder
            />
          ))}
        </tbody>
      </table>
      <div>
        <button type="submit" disabled={pending} className="rounded-lg bg-sky-600 px-4 py-2 font-semibold text-white hover:bg-sky-500 disabled:opacity-60">
          {pending ? 'Saving…' : 'Save thresholds'}
        </button>
      </div>
    </form>
  );
}

function FieldRow({
  label,
  name,
  metrics,
  onChange,
  placeholder = false,
}: {
  label: string;
  name: string;
  metrics: MetricFields;
  onChange: (metric: keyof MetricFields, band: BandFields) => void;
  placeholder?: boolean;
}) {
  const input = (metric: keyof MetricFields, mark: keyof BandFields, what: string) => (
    <td className="px-1 py-1">
      <input
        type="text"
        inputMode={metric === 'callsWaiting' ? 'numeric' : 'text'}
        aria-label={`${label} ${what}`}
        name={`${name}.${metric}.${mark}`}
        value={metrics[metric][mark]}
        placeholder={placeholder ? 'default' : undefined}
        onChange={(event) => onChange(metric, { ...metrics[metric], [mark]: event.target.value })}
        className="w-full min-w-16 rounded border border-slate-600 bg-slate-950 px-2 py-1 tabular-nums text-slate-50 placeholder:text-slate-400"
      />
    </td>
  );
  return (
    <tr>
      <th scope="row" className="py-1 pr-2 text-left font-semibold">
        {label}
      </th>
      {input('callsWaiting', 'amber', 'calls waiting amber')}
      {input('callsWaiting', 'red', 'calls waiting red')}
      {input('longestWaitSeconds', 'amber', 'longest wait amber')}
      {input('longestWaitSeconds', 'red', 'longest wait red')}
    </tr>
  );
}
