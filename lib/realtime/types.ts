/**
 * The live picture the server keeps and the shapes it pushes to browsers.
 * This file is the contract between lib/realtime (which computes it), the
 * Socket.IO push and the screens. Times are epoch ms; durations in seconds.
 */

export type Audience = 'wall' | 'supervisor' | 'agent';

export interface AgentCounts {
  total: number;
  available: number;
  /** On a call or ringing, as far as call events tell. */
  busy: number;
  /** Unavailable for another reason (break, wrap-up, logged out of the queue). */
  away: number;
}

export interface QueueLive {
  queue: string;
  callsWaiting: number;
  /** When the longest-waiting caller entered the queue; null if nobody waits. Screens tick from it. */
  oldestWaitingSince: number | null;
  avgWaitSeconds: number;
  agents: AgentCounts;
  /** When the last authoritative stats poll covered this queue; null before the first. */
  statsAt: number | null;
  /** Last change from any source (poll or call event). */
  updatedAt: number;
}

export interface DayKpis {
  answered: number;
  missed: number;
  avgTalkSeconds: number;
  longestTalkSeconds: number;
  /** Average time answered callers waited before an agent picked up. */
  avgAnswerSeconds: number;
  /** 24 entries; index is the hour of day in the company time zone. */
  perHour: Array<{ answered: number; missed: number }>;
}

export interface Kpis {
  /** YYYY-MM-DD in the company time zone. */
  day: string;
  total: DayKpis;
  byQueue: Record<string, DayKpis>;
}

export type CallPhase = 'dialing' | 'queued' | 'ringing' | 'active' | 'ended';

export interface LiveCall {
  /** The caller's leg call_id: stable for the whole call, across queue, ringing and transfers. */
  id: string;
  phase: CallPhase;
  onNet: boolean;
  direction: 'inbound' | 'outbound' | 'internal';
  /** number is E.164 or SIP; on the wall audience it is masked. */
  caller: { number: string | null; name: string | null; extension: string | null };
  callee: { number: string | null; extension: string | null };
  queue: string | null;
  /** Extension whose phone rings or who is talking, if any. */
  agent: string | null;
  startedAt: number;
  queuedAt: number | null;
  answeredAt: number | null;
  endedAt: number | null;
  transferredFrom: string | null;
  outcome: 'answered' | 'abandoned' | 'missed' | null;
  /** Calls from the same number today including this one (from CDRs and live calls). */
  callerCallsToday: number;
}

export type AgentState = 'idle' | 'ringing' | 'on_call';

export interface AgentLive {
  extension: string;
  name: string | null;
  state: AgentState;
  since: number;
  callId: string | null;
  queues: string[];
}

/** One finished call, summarised from its CDR records. */
export interface CdrView {
  callId: string;
  caller: { number: string | null; name: string | null };
  queue: string | null;
  agent: string | null;
  startTime: number;
  answerTime: number | null;
  endTime: number;
  waitSeconds: number;
  talkSeconds: number;
  outcome: 'answered' | 'missed';
}

type SubscriptionPhase = 'none' | 'creating' | 'preparing' | 'ready' | 'renewing' | 'failed';

export interface UpstreamHealth {
  stats: {
    pollMs: number;
    lastSuccessAt: number | null;
    lastAttemptAt: number | null;
    failingSince: number | null;
    lastError: string | null;
    nextPollAt: number | null;
  };
  subscription: {
    id: string | null;
    phase: SubscriptionPhase;
    expiresAt: number | null;
    lastEventAt: number | null;
    error: string | null;
  };
  token: { ok: boolean; error: string | null };
  webhooks: { accepted: number; rejected: number; duplicates: number };
}

export interface ThresholdBand {
  amber: number;
  red: number;
}

/** Per metric; per-queue overrides win over the default. */
export interface Thresholds {
  callsWaiting: ThresholdBand;
  longestWaitSeconds: ThresholdBand;
  byQueue: Record<string, Partial<Pick<Thresholds, 'callsWaiting' | 'longestWaitSeconds'>>>;
}

export interface AlertSettings {
  soundEnabled: boolean;
  /** Sound stays quiet until then (supervisor snooze); null when not snoozed. */
  snoozedUntil: number | null;
  /** Crossings acknowledged by a supervisor, by `${queue}:${metric}`; cleared when the metric returns to normal. */
  acknowledged: string[];
}

export interface LiveSnapshot {
  audience: Audience;
  /** Sequence of this audience's stream; patches carry seq + 1, + 2, ... */
  seq: number;
  serverTime: number;
  timeZone: string;
  queues: QueueLive[];
  /** wall: numbers masked; agent: only calls of that agent's extension. */
  calls: LiveCall[];
  agents: AgentLive[];
  kpis: Kpis;
  /** Newest first; wall: none; agent: that agent's own, today. */
  recentCdrs: CdrView[];
  health: UpstreamHealth;
  thresholds: Thresholds;
  alerts: AlertSettings;
}

/** A change to a snapshot. Fields present replace or upsert; absent fields are unchanged. */
export interface LivePatch {
  seq: number;
  serverTime: number;
  queues?: QueueLive[];
  calls?: LiveCall[];
  removedCalls?: string[];
  agents?: AgentLive[];
  kpis?: Kpis;
  /** New finished calls, newest first. */
  cdrs?: CdrView[];
  health?: UpstreamHealth;
  thresholds?: Thresholds;
  alerts?: AlertSettings;
}
