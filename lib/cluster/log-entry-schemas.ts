/**
 * The shapes of the live log's entries: what one instance writes to the Redis
 * Stream and every instance (perhaps another version of the wallboard) reads
 * back. Redis is an edge like any other, so each entry is checked on the way in.
 * The schemas mirror lib/telephony's and lib/realtime's types; `satisfies`
 * keeps them from drifting apart.
 */
import { z } from 'zod';
import type { UpstreamHealth } from '@/lib/realtime/types';
import type { CallEvent, CallLeg, CdrParty, CdrRecord, QueueStats } from '@/lib/telephony';

const epochMs = z.number().int().nonnegative();
const count = z.number().int().nonnegative();
const nullableString = z.string().nullable();

const CallLegSchema = z.object({
  callId: z.string().min(1),
  id: nullableString,
  state: z.enum(['progressing', 'ringing', 'active', 'ended']),
  user: nullableString,
  domain: nullableString,
  name: nullableString,
  isHuman: z.boolean().nullable(),
}) satisfies z.ZodType<CallLeg>;

const CallEventSchema = z.object({
  onNet: z.boolean(),
  from: CallLegSchema,
  to: CallLegSchema,
  timeStart: epochMs,
  timeAnswer: epochMs.nullable(),
  byCallId: nullableString,
}) satisfies z.ZodType<CallEvent>;

const CdrPartySchema = z.object({
  callId: z.string().min(1),
  id: nullableString,
  user: nullableString,
  domain: nullableString,
  name: nullableString,
}) satisfies z.ZodType<CdrParty>;

const CdrRecordSchema = z.object({
  from: CdrPartySchema,
  to: CdrPartySchema,
  startTime: epochMs,
  answerTime: epochMs.nullable(),
  endTime: epochMs,
  durationSeconds: count,
}) satisfies z.ZodType<CdrRecord>;

const QueueStatsSchema = z.object({
  queue: z.string().min(1),
  callsWaiting: count,
  avgWaitSeconds: count,
  maxWaitSeconds: count,
  numAgents: count,
  availableAgents: count,
  unavailableAgents: count,
}) satisfies z.ZodType<QueueStats>;

const StatsHealthSchema = z.object({
  pollMs: count,
  lastSuccessAt: epochMs.nullable(),
  lastAttemptAt: epochMs.nullable(),
  failingSince: epochMs.nullable(),
  lastError: nullableString,
  nextPollAt: epochMs.nullable(),
}) satisfies z.ZodType<UpstreamHealth['stats']>;

const SubscriptionHealthSchema = z.object({
  id: nullableString,
  phase: z.enum(['none', 'creating', 'preparing', 'ready', 'renewing', 'failed']),
  expiresAt: epochMs.nullable(),
  lastEventAt: epochMs.nullable(),
  error: nullableString,
}) satisfies z.ZodType<UpstreamHealth['subscription']>;

const TokenHealthSchema = z.object({ ok: z.boolean(), error: nullableString }) satisfies z.ZodType<UpstreamHealth['token']>;

/** The leader's view of the upstream, whole, so the latest entry alone tells a new instance everything. */
const LeaderHealthSchema = z.object({
  stats: StatsHealthSchema,
  subscription: SubscriptionHealthSchema,
  token: TokenHealthSchema,
});

/** `at` is when the receiving instance accepted the input; `fence` is the leader's fencing token. */
export const LogEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('call'), at: epochMs, event: CallEventSchema }),
  /** Only the records the store had not seen: a redelivered CDR never reaches the log. */
  z.object({ kind: z.literal('cdrs'), at: epochMs, records: z.array(CdrRecordSchema).min(1) }),
  z.object({ kind: z.literal('init'), at: epochMs, state: z.enum(['preparing', 'ready']) }),
  /** A delivery some instance accepted but that changed nothing. */
  z.object({ kind: z.literal('duplicate'), at: epochMs }),
  z.object({ kind: z.literal('stats'), at: epochMs, fence: z.number().int().positive(), stats: z.array(QueueStatsSchema) }),
  z.object({
    kind: z.literal('health'),
    at: epochMs,
    fence: z.number().int().positive(),
    health: LeaderHealthSchema,
    /** Key of signed deliveries (sandbox extension), so every instance checks what any receives. */
    signingSecret: z.string().min(1).nullable(),
  }),
  /** Settings were stored; each instance reads them back from the shared store. */
  z.object({ kind: z.literal('settings'), thresholds: z.boolean(), alerts: z.boolean() }),
]);

export type LogEntry = z.infer<typeof LogEntrySchema>;
export type LeaderHealth = z.infer<typeof LeaderHealthSchema>;
