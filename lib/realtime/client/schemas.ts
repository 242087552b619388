/**
 * What the browser accepts from the push server (STYLE rule 9: socket payloads
 * are parsed at the edge). Each schema is annotated with the contract type of
 * lib/realtime, so a change to the contract that this file does not follow fails
 * to compile instead of silently dropping fields.
 */
import { z } from 'zod';
import type { DisplayCommand, DisplayConfig } from '../events';
import type {
  AgentLive,
  AlertSettings,
  CdrView,
  DayKpis,
  Kpis,
  LiveCall,
  LivePatch,
  LiveSnapshot,
  QueueLive,
  Thresholds,
  UpstreamHealth,
} from '../types';

const epochMs = z.number();
const nullableEpochMs = epochMs.nullable();

const QueueLiveSchema: z.ZodType<QueueLive> = z.object({
  queue: z.string(),
  callsWaiting: z.number().int().nonnegative(),
  oldestWaitingSince: nullableEpochMs,
  avgWaitSeconds: z.number().nonnegative(),
  agents: z.object({
    total: z.number().int().nonnegative(),
    available: z.number().int().nonnegative(),
    busy: z.number().int().nonnegative(),
    away: z.number().int().nonnegative(),
  }),
  statsAt: nullableEpochMs,
  updatedAt: epochMs,
});

const DayKpisSchema: z.ZodType<DayKpis> = z.object({
  answered: z.number().int().nonnegative(),
  missed: z.number().int().nonnegative(),
  avgTalkSeconds: z.number().nonnegative(),
  longestTalkSeconds: z.number().nonnegative(),
  avgAnswerSeconds: z.number().nonnegative(),
  perHour: z.array(z.object({ answered: z.number().int().nonnegative(), missed: z.number().int().nonnegative() })),
});

const KpisSchema: z.ZodType<Kpis> = z.object({
  day: z.string(),
  total: DayKpisSchema,
  byQueue: z.record(z.string(), DayKpisSchema),
});

const LiveCallSchema: z.ZodType<LiveCall> = z.object({
  id: z.string(),
  phase: z.enum(['dialing', 'queued', 'ringing', 'active', 'ended']),
  onNet: z.boolean(),
  direction: z.enum(['inbound', 'outbound', 'internal']),
  caller: z.object({ number: z.string().nullable(), name: z.string().nullable(), extension: z.string().nullable() }),
  callee: z.object({ number: z.string().nullable(), extension: z.string().nullable() }),
  queue: z.string().nullable(),
  agent: z.string().nullable(),
  startedAt: epochMs,
  queuedAt: nullableEpochMs,
  answeredAt: nullableEpochMs,
  endedAt: nullableEpochMs,
  transferredFrom: z.string().nullable(),
  outcome: z.enum(['answered', 'abandoned', 'missed']).nullable(),
  callerCallsToday: z.number().int().nonnegative(),
});

const AgentLiveSchema: z.ZodType<AgentLive> = z.object({
  extension: z.string(),
  name: z.string().nullable(),
  state: z.enum(['idle', 'ringing', 'on_call']),
  since: epochMs,
  callId: z.string().nullable(),
  queues: z.array(z.string()),
});

const CdrViewSchema: z.ZodType<CdrView> = z.object({
  callId: z.string(),
  caller: z.object({ number: z.string().nullable(), name: z.string().nullable() }),
  queue: z.string().nullable(),
  agent: z.string().nullable(),
  startTime: epochMs,
  answerTime: nullableEpochMs,
  endTime: epochMs,
  waitSeconds: z.number().nonnegative(),
  talkSeconds: z.number().nonnegative(),
  outcome: z.enum(['answered', 'missed']),
});

const UpstreamHealthSchema: z.ZodType<UpstreamHealth> = z.object({
  stats: z.object({
    pollMs: z.number().positive(),
    lastSuccessAt: nullableEpochMs,
    lastAttemptAt: nullableEpochMs,
    failingSince: nullableEpochMs,
    lastError: z.string().nullable(),
    nextPollAt: nullableEpochMs,
  }),
  subscription: z.object({
    id: z.string().nullable(),
    phase: z.enum(['none', 'creating', 'preparing', 'ready', 'renewing', 'failed']),
    expiresAt: nullableEpochMs,
    lastEventAt: nullableEpochMs,
    error: z.string().nullable(),
  }),
  token: z.object({ ok: z.boolean(), error: z.string().nullable() }),
  webhooks: z.object({
    accepted: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
    duplicates: z.number().int().nonnegative(),
  }),
});

const ThresholdBandSchema = z.object({ amber: z.number().nonnegative(), red: z.number().nonnegative() });

const ThresholdsSchema: z.ZodType<Thresholds> = z.object({
  callsWaiting: ThresholdBandSchema,
  longestWaitSeconds: ThresholdBandSchema,
  byQueue: z.record(
    z.string(),
    z.object({ callsWaiting: ThresholdBandSchema.optional(), longestWaitSeconds: ThresholdBandSchema.optional() }),
  ),
});

const AlertSettingsSchema: z.ZodType<AlertSettings> = z.object({
  soundEnabled: z.boolean(),
  snoozedUntil: nullableEpochMs,
  acknowledged: z.array(z.string()),
});

export const LiveSnapshotSchema: z.ZodType<LiveSnapshot> = z.object({
  audience: z.enum(['wall', 'supervisor', 'agent']),
  seq: z.number().int().nonnegative(),
  serverTime: epochMs,
  timeZone: z.string(),
  queues: z.array(QueueLiveSchema),
  calls: z.array(LiveCallSchema),
  agents: z.array(AgentLiveSchema),
  kpis: KpisSchema,
  recentCdrs: z.array(CdrViewSchema),
  health: UpstreamHealthSchema,
  thresholds: ThresholdsSchema,
  alerts: AlertSettingsSchema,
});

export const LivePatchSchema: z.ZodType<LivePatch> = z.object({
  seq: z.number().int().nonnegative(),
  serverTime: epochMs,
  queues: z.array(QueueLiveSchema).optional(),
  calls: z.array(LiveCallSchema).optional(),
  removedCalls: z.array(z.string()).optional(),
  agents: z.array(AgentLiveSchema).optional(),
  kpis: KpisSchema.optional(),
  cdrs: z.array(CdrViewSchema).optional(),
  health: UpstreamHealthSchema.optional(),
  thresholds: ThresholdsSchema.optional(),
  alerts: AlertSettingsSchema.optional(),
});

export const HeartbeatSchema = z.object({ serverTime: epochMs, seq: z.number().int().nonnegative() });

const DisplayConfigSchema: z.ZodType<DisplayConfig> = z.object({
  name: z.string(),
  queues: z.union([z.array(z.string()), z.literal('all')]),
  views: z.array(z.enum(['queues', 'queue', 'agents'])).min(1),
  rotateSeconds: z.number().positive(),
});

export const DisplayCommandSchema: z.ZodType<DisplayCommand> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reload') }),
  z.object({ type: z.literal('revoked') }),
  z.object({ type: z.literal('configure'), config: DisplayConfigSchema }),
]);
