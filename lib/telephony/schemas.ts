/**
 * The service's JSON at our edge, as documented (spec sections 2 and 4) plus the
 * fields the real service adds, normalised into lib/telephony/types.ts shapes.
 * Webhook bodies are in webhook-schemas.ts.
 */
import { z } from 'zod';
import type { CreatedSubscription, CurrentUser, QueueStats, Subscription } from './types';
import { idString, isoUtc, nullable, seconds } from './wire-fields';

const count = z.number().int().nonnegative();

export const QueueStatsList = z
  .array(
    z.object({
      queue: idString,
      calls_waiting: count,
      avg_wait: count,
      max_wait: count,
      num_agents: count,
      available_agents: count,
      unavailable_agents: count,
    }),
  )
  .transform((entries): QueueStats[] =>
    entries.map((entry) => ({
      queue: entry.queue,
      callsWaiting: entry.calls_waiting,
      avgWaitSeconds: entry.avg_wait,
      maxWaitSeconds: entry.max_wait,
      numAgents: entry.num_agents,
      availableAgents: entry.available_agents,
      unavailableAgents: entry.unavailable_agents,
    })),
  );

const SubscribedEvent = z
  .object({ type: z.string().min(1), user: nullable(idString) })
  .transform((event) => ({ type: event.type, user: event.user }));

const SubscriptionWire = z.object({
  id: idString,
  post_uri: z.string().min(1),
  expires: isoUtc,
  // An object in the creation response, an array in the read response (spec 2.3).
  events: z.union([SubscribedEvent.transform((event) => [event]), z.array(SubscribedEvent)]),
  // Not in the spec: our sandbox returns it when it signs deliveries.
  secret: nullable(z.string().min(1)),
});

function toSubscription(wire: z.infer<typeof SubscriptionWire>): Subscription {
  return { id: wire.id, postUri: wire.post_uri, expiresAt: wire.expires, events: wire.events };
}

export const SubscriptionRead = SubscriptionWire.transform(toSubscription);

export const SubscriptionCreated = SubscriptionWire.transform(
  (wire): CreatedSubscription => ({ ...toSubscription(wire), secret: wire.secret }),
);

/** RFC 6749 §5.1 with the real service's `expires` and tolerance for a numeric-string expires_in. */
export const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().default('Bearer'),
  scope: z.string().default(''),
  expires_in: seconds,
  refresh_token: nullable(z.string().min(1)),
  user_id: nullable(idString),
});

/** RFC 6749 §5.2. */
export const TokenErrorBody = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** The real service's API error body. */
export const ApiErrorBody = z.object({
  status: z.union([z.number(), z.string()]).optional(),
  message: z.string(),
});

/** GET /api/users/current/: not in the spec; what the real service answers. */
export const CurrentUserWire = z
  .object({
    id: idString,
    username: nullable(z.string()),
    extension: nullable(idString),
    domain: nullable(z.string()),
    display_name: nullable(z.string()),
    role: nullable(z.string()),
    company_id: nullable(idString),
  })
  .transform(
    (wire): CurrentUser => ({
      id: wire.id,
      username: wire.username,
      extension: wire.extension,
      domain: wire.domain,
      displayName: wire.display_name,
      role: wire.role,
      companyId: wire.company_id,
    }),
  );
