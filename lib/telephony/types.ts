/**
 * The wallboard's normalised view of what the telephony integration service sends.
 * lib/telephony parses the upstream's many documented forms (see its schemas) into
 * these shapes; nothing past lib/telephony ever sees raw upstream JSON.
 * Times are epoch milliseconds, UTC.
 */

export type LegState = 'progressing' | 'ringing' | 'active' | 'ended';

/** One call endpoint (spec 2.4). */
export interface CallLeg {
  callId: string;
  /** E.164 number or SIP address. */
  id: string | null;
  state: LegState;
  /** Extension, or the queue identifier while a caller waits in a queue (README: call model). */
  user: string | null;
  domain: string | null;
  /** Display name; upstream sends it on the from endpoint only. */
  name: string | null;
  /** Upstream sends it on the to endpoint only; false while a queue holds the caller. */
  isHuman: boolean | null;
}

/** One call notification (spec 2.4), `calls` wrapper removed. */
export interface CallEvent {
  onNet: boolean;
  from: CallLeg;
  to: CallLeg;
  timeStart: number;
  timeAnswer: number | null;
  /** The previous call id when the call was transferred (README: decisions). */
  byCallId: string | null;
}

export interface CdrParty {
  callId: string;
  id: string | null;
  user: string | null;
  domain: string | null;
  name: string | null;
}

/** One call detail record (spec 2.5). */
export interface CdrRecord {
  from: CdrParty;
  to: CdrParty;
  startTime: number;
  /** null when the leg was never answered (README: decisions). */
  answerTime: number | null;
  endTime: number;
  durationSeconds: number;
}

/** One entry of the live call queue stats (spec 2.2); waits in seconds. */
export interface QueueStats {
  queue: string;
  callsWaiting: number;
  avgWaitSeconds: number;
  maxWaitSeconds: number;
  numAgents: number;
  availableAgents: number;
  unavailableAgents: number;
}

export type SubscriptionInitState = 'preparing' | 'ready';

/** Any body the service POSTs to our webhook (spec 4.7). */
export type WebhookMessage =
  | { kind: 'init'; state: SubscriptionInitState; msg: string }
  | { kind: 'call'; event: CallEvent }
  | { kind: 'cdr'; records: CdrRecord[] };

/** A subscription as the service describes it (spec 2.3), id always a string here. */
export interface Subscription {
  id: string;
  postUri: string;
  expiresAt: number;
  events: Array<{ type: string; user: string | null }>;
}

/**
 * The creation response. `secret` is an extension of our sandbox (README: signing
 * deliveries): the key of signed deliveries, null when the upstream does not sign.
 */
export interface CreatedSubscription extends Subscription {
  secret: string | null;
}

/** GET /api/users/current/: not in the spec; the real service's answer, absent fields null. */
export interface CurrentUser {
  id: string;
  username: string | null;
  extension: string | null;
  domain: string | null;
  displayName: string | null;
  role: string | null;
  companyId: string | null;
}
