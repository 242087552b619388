/**
 * Ordering rules for call messages, which may arrive duplicated or out of order.
 * A leg's state only moves forward (progressing, ringing, active, ended) and an
 * ended caller leg is final; which leg holds the caller changes only for a reason.
 */
import type { CallEvent, CallLeg, LegState } from '@/lib/telephony/types';
import type { CallRecord, LegRecord } from './model';

const RANK: Record<LegState, number> = { progressing: 0, ringing: 1, active: 2, ended: 3 };

/** The README's call model: a queue holding the caller is a non-human `to` addressed to the queue id. */
function isQueueEndpoint(to: CallLeg): boolean {
  return to.isHuman === false && to.user !== null;
}

/** True when applying the message would move the call backwards. */
export function isStale(record: CallRecord, event: CallEvent): boolean {
  if (record.endedAt !== null) return true;
  const known = record.legs.get(event.to.callId);
  if (known && RANK[event.to.state] < RANK[known.state]) return true;
  if (!isQueueEndpoint(event.to) || event.to.state === 'ended') return false;
  // A queue takes the caller back only after the ringing phone gave up (its leg ended),
  // or when the talking agent transfers them to it.
  const current = currentLeg(record);
  return current !== undefined && current.human && current.state !== 'ended' && event.byCallId !== current.callId;
}

/** Whether the message's leg now holds the caller instead of the current one. */
export function takesOver(record: CallRecord, leg: LegRecord, event: CallEvent): boolean {
  const current = currentLeg(record);
  if (!current || current === leg || current.state === 'ended' || !current.human) return true;
  if (event.byCallId === current.callId) return true;
  // Several phones ringing at once: the one that answers takes the call.
  return leg.human && leg.state === 'active' && current.state !== 'active';
}

function currentLeg(record: CallRecord): LegRecord | undefined {
  return record.currentLegId === null ? undefined : record.legs.get(record.currentLegId);
}

/** The record of the message's `to` leg, created on first sight; old legs make room, never the live ones. */
export function legFor(record: CallRecord, to: CallLeg, cap: number): LegRecord {
  const known = record.legs.get(to.callId);
  if (known) return known;
  const leg: LegRecord = { callId: to.callId, state: to.state, user: to.user, number: to.id, human: to.isHuman !== false, answeredAt: null };
  record.legs.set(to.callId, leg);
  for (const id of record.legs.keys()) {
    if (record.legs.size <= cap) break;
    if (id !== record.currentLegId && id !== record.queueLegId && id !== leg.callId) record.legs.delete(id);
  }
  return leg;
}
