import type { ReactNode } from 'react';

/** A titled landmark section of the supervisor view. */
export function Panel({ id, title, aside, children, className = '' }: { id: string; title: string; aside?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className={`min-w-0 rounded-xl bg-slate-900 p-4 ring-1 ring-slate-800 ${className}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-50">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

export const TABLE = 'w-full border-collapse text-left text-sm tabular-nums';
export const TH = 'border-b border-slate-700 px-2 py-2 font-medium text-slate-300';
export const TD = 'border-b border-slate-800 px-2 py-1.5 text-slate-100';
