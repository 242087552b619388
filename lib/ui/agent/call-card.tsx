import type { LiveCall } from '@/lib/realtime/types';
import { PhoneIcon } from '@/lib/ui/common';
import { formatDuration, formatPhoneNumber, isE164, ordinal, secondsSince } from '@/lib/ui/format';
import { crmLink } from './agent-calls';
import { CopyButton } from './copy-button';

/**
 * One call as the agent sees it: ringing (the screen pop) or answered (with
 * its talk timer). Caller, number for reading and for copying, queue, internal
 * or external, repeat-caller badge and the CRM lookup.
 */
export function CallCard({ call, nowMs, crmUrlTemplate }: { call: LiveCall; nowMs: number; crmUrlTemplate: string | null }) {
  const ringing = call.phase === 'ringing';
  const number = call.caller.number;
  const link = crmLink(crmUrlTemplate, number);
  const timerStart = ringing ? (call.queuedAt ?? call.startedAt) : (call.answeredAt ?? call.startedAt);
  return (
    <article
      data-testid={ringing ? 'screen-pop' : 'active-call'}
      data-call-id={call.id}
      aria-labelledby={`call-${call.id}`}
      className={`rounded-2xl border-2 p-5 shadow-lg ${ringing ? 'border-amber-400 bg-amber-950' : 'border-sky-400 bg-sky-950'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className={`flex items-center gap-2 text-sm font-bold uppercase tracking-widest ${ringing ? 'text-amber-200' : 'text-sky-200'}`}>
          <PhoneIcon className="h-4 w-4" />
          {ringing ? 'Ringing' : 'On call'}
          <span className="font-semibold normal-case tracking-normal text-slate-50">
            {ringing ? 'caller waiting ' : ''}
            <span className="tabular-nums">{formatDuration(secondsSince(timerStart, nowMs))}</span>
          </span>
        </p>
        <div className="flex flex-wrap gap-2 text-sm font-semibold">
          <span className="rounded-full bg-slate-800 px-3 py-0.5 text-slate-100">{call.onNet ? 'Internal' : 'External'}</span>
          {call.callerCallsToday >= 2 && (
            <span data-testid="repeat-caller" className="rounded-full bg-fuchsia-300 px-3 py-0.5 text-slate-950">
              {ordinal(call.callerCallsToday)} call today
            </span>
          )}
        </div>
      </div>
      <h2 id={`call-${call.id}`} className="mt-3 text-3xl font-bold text-slate-50">
        {call.caller.name ?? formatPhoneNumber(number)}
      </h2>
      <div className="mt-1 flex flex-wrap items-center gap-3 text-xl">
        <span className="tabular-nums text-slate-100" data-testid="caller-number">
          {formatPhoneNumber(number)}
        </span>
        {number && isE164(number) && <CopyButton text={number} label={`Copy ${number}`} />}
      </div>
      <p className="mt-2 text-slate-200">
        {call.queue ? (
          <>
            Via the <span className="font-semibold">{call.queue}</span> queue
          </>
        ) : (
          'Direct call'
        )}
        {call.transferredFrom && ' · transferred'}
      </p>
      {link && (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-block rounded-lg bg-slate-50 px-4 py-2 font-semibold text-slate-950 hover:bg-white"
        >
          Look up in CRM
        </a>
      )}
    </article>
  );
}
