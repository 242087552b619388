/** Bodies and queries of the /sandbox/ control routes (not part of the spec). */
import { z } from 'zod';

const E164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +447700900123');
/** Every sandbox request may name a company; the seed's first (the demo company) otherwise. */
const company = z.string().min(1).optional();

export const PlaceCallBody = z
  .object({
    company,
    /** Exactly one destination: a queue, an extension, or an outside number. */
    queue: z.string().min(1).optional(),
    user: z.string().min(1).optional(),
    number: E164.optional(),
    /** The outside caller (queue and direct inbound calls). */
    caller_id: E164.default('+447700900001'),
    caller_name: z.string().min(1).max(100).default('Sandbox Caller'),
    /** The extension placing the call (internal and outbound calls). */
    from_user: z.string().min(1).optional(),
    /** Let the simulator drive the call from the start. */
    auto: z.boolean().default(false),
  })
  .refine((body) => [body.queue, body.user, body.number].filter((to) => to !== undefined).length === 1, {
    message: 'give exactly one of queue, user or number',
    path: ['queue'],
  })
  .refine((body) => body.queue === undefined || body.from_user === undefined, { message: 'a queue call comes from caller_id, not from_user', path: ['from_user'] })
  .refine((body) => body.number === undefined || body.from_user !== undefined, { message: 'an outbound call needs from_user', path: ['from_user'] });

export const CallAction = z.enum(['ring', 'answer', 'noanswer', 'hangup', 'abandon', 'transfer']);

export const StepBody = z.object({
  company,
  /** The extension to ring or to transfer to. */
  user: z.string().min(1).optional(),
  /** Hand the call to the simulator after this step. */
  auto: z.boolean().default(false),
});

export const AgentsBody = z
  .object({
    company,
    available: z.int().min(0).optional(),
    away: z.int().min(0).optional(),
    /** Presence per extension. */
    agents: z.record(z.string(), z.enum(['available', 'away'])).optional(),
  })
  .refine((body) => body.available !== undefined || body.away !== undefined || body.agents !== undefined, {
    message: 'give available, away or agents',
    path: ['available'],
  });

export const SimulatorBody = z.object({
  running: z.boolean(),
  arrivalsPerMinute: z.number().min(0).max(600).optional(),
  timeScale: z.number().min(0.01).max(10_000).optional(),
});

export const DeliveriesQuery = z.object({
  post_uri: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const CompanyQuery = z.object({ company });

export const FaultsBody = z
  .object({
    company,
    stats: z.enum(['none', 'error500', 'timeout', 'slow', 'malformed', 'unauthorized']).optional(),
    /** How long a `slow` stats answer waits. */
    slowMs: z.int().min(0).max(600_000).optional(),
    token: z.enum(['none', 'down']).optional(),
    deliveries: z.enum(['none', 'refuse']).optional(),
  })
  .strict();
