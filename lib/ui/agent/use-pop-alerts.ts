import { useEffect, useRef } from 'react';
import type { LiveCall } from '@/lib/realtime/types';
import { formatPhoneNumber } from '@/lib/ui/format';

interface PopAlerts {
  notify(tag: string, title: string, body: string): void;
  dismiss(tag: string): void;
  chime(): void;
}

/**
 * Notifies once when a call starts ringing for this agent and withdraws the
 * notification when it stops (answered here or elsewhere, or hung up). Only
 * the currently ringing ids are remembered, so nothing grows over a long shift.
 * A call already ringing when the page loads is notified too: the tag (the
 * call id) makes it replace, not duplicate, a notification shown before a reload.
 */
export function usePopAlerts(ringing: LiveCall[] | null, { notify, dismiss, chime }: PopAlerts): void {
  const previous = useRef<Set<string>>(new Set());
  useEffect(() => {
    if (!ringing) return;
    const current = new Set(ringing.map((call) => call.id));
    const before = previous.current;
    previous.current = current;
    let fresh = false;
    for (const call of ringing) {
      if (before.has(call.id)) continue;
      fresh = true;
      const who = call.caller.name ?? formatPhoneNumber(call.caller.number);
      notify(call.id, `Incoming call: ${who}`, [call.caller.name ? formatPhoneNumber(call.caller.number) : null, call.queue ? `${call.queue} queue` : 'Direct call'].filter(Boolean).join(' · '));
    }
    for (const id of before) if (!current.has(id)) dismiss(id);
    if (fresh) chime();
  }, [ringing, notify, dismiss, chime]);
}
