/**
 * The live state's internal records. Views (LiveCall, AgentLive, QueueLive) are
 * rebuilt as new objects whenever a record changes and are never mutated after,
 * so a projection handed out earlier stays valid while the state moves on.
 */
import type { LegState } from '@/lib/telephony/types';
import type { AgentLive, AgentState, CdrView, LiveCall, QueueLive } from '../types';
import type { CompanyCalendar, DayWindow } from './company-calendar';
import type { KpiBook } from './kpi-book';
import type { ResolvedOptions } from './options';

/** One `to` endpoint a call went through: a queue holding it, an agent's phone, an outside number. */
export interface LegRecord {
  callId: string;
  state: LegState;
  user: string | null;
  number: string | null;
  /** False for a queue (or any machine) holding the caller. */
  human: boolean;
  answeredAt: number | null;
}

export interface CallRecord {
  /** The caller leg's call_id. */
  id: string;
  onNet: boolean;
  caller: { number: string | null; name: string | null; extension: string | null };
  callerLegState: LegState;
  /** To-legs by their call_id, oldest first. */
  legs: Map<string, LegRecord>;
  /** The to-leg that holds the caller now (or last did, once ended). */
  currentLegId: string | null;
  /** The queue that holds or last held the caller. */
  queue: string | null;
  queueLegId: string | null;
  queuedAt: number | null;
  /** True while the caller counts among the queue's waiting callers. */
  inQueue: boolean;
  startedAt: number;
  answeredAt: number | null;
  endedAt: number | null;
  transferredFrom: string | null;
  outcome: LiveCall['outcome'];
  callerCallsToday: number;
  /** Receive time of the last message about this call, for the timeout. */
  lastEventAt: number;
  /** Extensions and queues this call has shown, so a viewer who saw it is told when it leaves them. */
  extensionsSeen: Set<string>;
  queuesSeen: Set<string>;
  view: LiveCall;
  /** The wall's masked copy of `view`, made on first use. */
  wallView: LiveCall | null;
}

/** What routing a removal needs of a call that has left the live list. */
export type RemovedCall = Pick<CallRecord, 'extensionsSeen' | 'queuesSeen'>;

export interface AgentRecord {
  extension: string;
  name: string | null;
  state: AgentState;
  since: number;
  callId: string | null;
  /** The leg that makes this agent busy: their ringing or talking leg, or the leg of a call they placed. */
  legId: string | null;
  queues: string[];
  view: AgentLive;
}

/** One event-derived step between polls; re-applied on top of a poll only if recorded after it. */
export interface Adjustment {
  at: number;
  waiting: number;
  available: number;
}

export interface QueueRecord {
  id: string;
  /** The last poll's figures, plus any adjustments folded in when too many were pending. */
  base: { callsWaiting: number; avgWaitSeconds: number; maxWaitSeconds: number; numAgents: number; availableAgents: number; unavailableAgents: number };
  statsAt: number;
  pending: Adjustment[];
  pendingWaiting: number;
  pendingAvailable: number;
  /** Extensions known (from call events) to take this queue's calls. */
  members: Set<string>;
  view: QueueLive;
}

/** What a viewer filter needs to know about a finished call beyond its public view. */
export interface CdrMeta {
  day: string;
  extensions: string[];
}

export interface LiveState {
  readonly options: ResolvedOptions;
  readonly calendar: CompanyCalendar;
  day: DayWindow;
  /** The latest input time, for inputs that carry none (names learned from sign-ins). */
  lastInputAt: number;
  /** In order of last activity, oldest first: the front is what times out or is evicted first. */
  calls: Map<string, CallRecord>;
  /** Ended calls waiting to leave the live list, by the time they ended, oldest first. */
  lingering: Map<string, number>;
  /** Call ids that have ended, with when: late messages about them change nothing. */
  endedCallIds: Map<string, number>;
  /** Calls just removed from the live list, so their removal reaches only viewers who saw them. */
  removedCalls: Map<string, RemovedCall>;
  /** Least recently active first. */
  agents: Map<string, AgentRecord>;
  queues: Map<string, QueueRecord>;
  /** Queue ids seen holding callers in call events (polls name the rest). */
  eventQueueIds: Set<string>;
  /** Callers known from events to wait in each queue: call id → queued at. */
  waitingByQueue: Map<string, Map<string, number>>;
  kpis: KpiBook;
  callerCounts: Map<string, number>;
  countedCallIds: Set<string>;
  /** Newest end first. */
  recentCdrs: CdrView[];
  cdrMeta: WeakMap<CdrView, CdrMeta>;
}
