'use client';
/**
 * Adding a display: pair a TV that shows a code, or create a link for a screen
 * that cannot show one. The link holds the display token and is shown once.
 */
import { useState } from 'react';
import { createDisplayLinkAction, pairDisplayAction } from '@/lib/actions/displays';
import { DisplayFields, inputClass } from './display-fields';
import { configFromForm, type DisplayForm, NEW_DISPLAY_FORM } from './display-form';
import { useDisplayAction } from './use-display-action';

export function AddDisplayPanel({ mode, knownQueues, onDone }: { mode: 'pair' | 'link'; knownQueues: readonly string[]; onDone(): void }) {
  const [form, setForm] = useState<DisplayForm>(NEW_DISPLAY_FORM);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pair = useDisplayAction(pairDisplayAction);
  const link = useDisplayAction(createDisplayLinkAction);
  const pending = pair.isPending || link.isPending;
  const failure = problem ?? pair.error?.message ?? link.error?.message ?? null;
  const title = mode === 'pair' ? 'Pair a TV' : 'Create a display link';

  if (link.data) return <CreatedLink link={link.data.link} name={link.data.display.config.name} onDone={onDone} />;
  if (pair.data) {
    return (
      <div className="space-y-3 rounded-xl bg-emerald-950 p-4 ring-1 ring-emerald-800" role="status">
        <p>Paired “{pair.data.config.name}”. The TV switches to the wallboard within a few seconds.</p>
        <button type="button" onClick={onDone} className="rounded-md bg-slate-700 px-4 py-2 hover:bg-slate-600">
          Done
        </button>
      </div>
    );
  }

  return (
    <form
      aria-label={title}
      className="space-y-4 rounded-xl bg-slate-900 p-4 ring-1 ring-slate-800"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = configFromForm(form);
        if ('problem' in checked) return setProblem(checked.problem);
        setProblem(null);
        if (mode === 'pair') pair.mutate({ code, config: checked.config });
        else link.mutate({ config: checked.config });
      }}
    >
      <h3 className="text-lg font-semibold">{title}</h3>
      {mode === 'pair' ? (
        <label className="block space-y-1">
          <span className="text-sm text-slate-300">Code shown on the TV</span>
          <input
            className={`${inputClass} max-w-xs font-mono text-2xl uppercase tracking-widest`}
            value={code}
            autoComplete="off"
            placeholder="K7Q-4MZ"
            onChange={(event) => setCode(event.target.value)}
          />
        </label>
      ) : (
        <p className="text-sm text-slate-300">For a screen that cannot show a pairing code: open the link on it once and it stays signed in.</p>
      )}
      <DisplayFields form={form} onChange={setForm} knownQueues={knownQueues} />
      {failure && (
        <p role="alert" className="text-red-300">
          {failure}
        </p>
      )}
      <div className="flex gap-3">
        <button type="submit" disabled={pending} className="rounded-md bg-sky-600 px-4 py-2 font-semibold hover:bg-sky-500 disabled:opacity-60">
          {mode === 'pair' ? 'Pair' : 'Create link'}
        </button>
        <button type="button" onClick={onDone} className="rounded-md bg-slate-700 px-4 py-2 hover:bg-slate-600">
          Cancel
        </button>
      </div>
    </form>
  );
}

function CreatedLink({ link, name, onDone }: { link: string; name: string; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-3 rounded-xl bg-slate-900 p-4 ring-1 ring-amber-700" role="status">
      <p>
        Link for “{name}”. <strong>It is shown only this once</strong>: open it on the screen now, or copy it somewhere safe. Anyone with
        the link sees this display’s wall until you revoke it.
      </p>
      <input readOnly className={`${inputClass} font-mono text-sm`} value={link} aria-label="Display link" onFocus={(event) => event.target.select()} />
      <div className="flex gap-3">
        {typeof navigator !== 'undefined' && navigator.clipboard && (
          <button
            type="button"
            onClick={() => void navigator.clipboard.writeText(link).then(() => setCopied(true))}
            className="rounded-md bg-sky-600 px-4 py-2 font-semibold hover:bg-sky-500"
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
        )}
        <button type="button" onClick={onDone} className="rounded-md bg-slate-700 px-4 py-2 hover:bg-slate-600">
          Done
        </button>
      </div>
    </div>
  );
}
