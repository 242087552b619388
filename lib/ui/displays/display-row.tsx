'use client';
/** One display in the supervisor's list, with its actions: edit (rename, re-target), reload, revoke. */
import { useState } from 'react';
import { configureDisplayAction, reloadDisplayAction, revokeDisplayAction } from '@/lib/actions/displays';
import { describeQueues, describeStatus, describeViews, formatLastSeen } from './describe-display';
import { DisplayFields } from './display-fields';
import { configFromForm, type DisplayForm, formFromConfig } from './display-form';
import type { DisplaySummary } from './queries';
import { useDisplayAction } from './use-display-action';

const buttonClass = 'rounded-md bg-slate-700 px-3 py-1 text-sm hover:bg-slate-600 disabled:opacity-60';

export function DisplayRow({ display, now, knownQueues }: { display: DisplaySummary; now: number; knownQueues: readonly string[] }) {
  const [editing, setEditing] = useState<DisplayForm | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const configure = useDisplayAction(configureDisplayAction);
  const reload = useDisplayAction(reloadDisplayAction);
  const revoke = useDisplayAction(revokeDisplayAction);
  const failure = problem ?? configure.error?.message ?? reload.error?.message ?? revoke.error?.message ?? null;
  const { config } = display;

  return (
    <li
      aria-label={config.name}
      className="space-y-3 rounded-xl bg-slate-900 p-4 ring-1 ring-slate-800"
      data-testid="display-row"
      data-display-id={display.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <p className="text-lg font-semibold">{config.name}</p>
          <p className="text-sm text-slate-300">
            {describeQueues(config)} · {describeViews(config)}
          </p>
          <p className="text-sm text-slate-400">
            Last heartbeat <span data-testid="last-seen">{formatLastSeen(display.lastSeenAt, now)}</span> · {describeStatus(display.status)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass} onClick={() => setEditing(editing ? null : formFromConfig(config))}>
            Edit
          </button>
          <button type="button" className={buttonClass} disabled={reload.isPending} onClick={() => reload.mutate({ id: display.id })}>
            {reload.isSuccess ? 'Reload sent' : 'Reload'}
          </button>
          {confirmRevoke ? (
            <>
              <button
                type="button"
                className="rounded-md bg-red-700 px-3 py-1 text-sm font-semibold hover:bg-red-600"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ id: display.id })}
              >
                Revoke now
              </button>
              <button type="button" className={buttonClass} onClick={() => setConfirmRevoke(false)}>
                Keep
              </button>
            </>
          ) : (
            <button type="button" className={buttonClass} onClick={() => setConfirmRevoke(true)}>
              Revoke
            </button>
          )}
        </div>
      </div>
      {editing && (
        <form
          aria-label={`Edit ${config.name}`}
          className="space-y-4 border-t border-slate-800 pt-3"
          onSubmit={(event) => {
            event.preventDefault();
            const checked = configFromForm(editing);
            if ('problem' in checked) return setProblem(checked.problem);
            setProblem(null);
            configure.mutate({ id: display.id, config: checked.config }, { onSuccess: () => setEditing(null) });
          }}
        >
          <DisplayFields form={editing} onChange={setEditing} knownQueues={knownQueues} />
          <div className="flex gap-3">
            <button type="submit" disabled={configure.isPending} className="rounded-md bg-sky-600 px-4 py-2 font-semibold hover:bg-sky-500">
              Save and send to the TV
            </button>
            <button type="button" className={buttonClass} onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {failure && (
        <p role="alert" className="text-red-300">
          {failure}
        </p>
      )}
    </li>
  );
}
