/**
 * Bodies the service POSTs to our webhook (spec 2.4, 2.5, 2.6), normalised into
 * the shapes of types.ts. parse-webhook-body.ts decides which one a body is.
 */
import { z } from 'zod';
import type { CallEvent, CallLeg, CdrParty, CdrRecord } from './types';
import { callTime, cdrDate, idString, nullable } from './wire-fields';

const LegState = z.enum(['progressing', 'ringing', 'active', 'ended']);

const CallLegWire = z.object({
  id: nullable(z.string()),
  call_id: z.string().min(1),
  state: LegState,
  // An extension, or a queue identifier; the real service sends some as integers.
  user: nullable(idString),
  domain: nullable(z.string()),
  name: nullable(z.string()),
  is_human: nullable(z.boolean()),
});

function toLeg(wire: z.infer<typeof CallLegWire>): CallLeg {
  return {
    callId: wire.call_id,
    id: wire.id,
    state: wire.state,
    user: wire.user,
    domain: wire.domain,
    name: wire.name,
    isHuman: wire.is_human,
  };
}

// Spec 2.4: name is present on from and is_human on to; elsewhere either may be missing.
const FromLeg = CallLegWire.extend({ name: z.string().nullable() });
const ToLeg = CallLegWire.extend({ is_human: z.boolean() });

export const CallMessage = z
  .object({
    on_net: z.boolean(),
    from: FromLeg,
    to: ToLeg,
    time_start: callTime,
    time_answer: nullable(callTime),
    by_call_id: nullable(z.string()),
  })
  .transform(
    (wire): CallEvent => ({
      onNet: wire.on_net,
      from: toLeg(wire.from),
      to: toLeg(wire.to),
      timeStart: wire.time_start,
      timeAnswer: wire.time_answer,
      byCallId: wire.by_call_id,
    }),
  );

const CdrPartyWire = z
  .object({
    call_id: z.string().min(1),
    id: nullable(z.string()),
    user: nullable(idString),
    domain: nullable(z.string()),
    name: nullable(z.string()),
  })
  .transform(
    (wire): CdrParty => ({ callId: wire.call_id, id: wire.id, user: wire.user, domain: wire.domain, name: wire.name }),
  );

export const CdrMessage = z.array(
  z
    .object({
      from: CdrPartyWire,
      to: CdrPartyWire,
      start_time: cdrDate,
      // Null for a leg nobody answered (README: CDR of a queue call).
      answer_time: nullable(cdrDate),
      end_time: cdrDate,
      duration: z.number().int().nonnegative(),
    })
    .transform(
      (wire): CdrRecord => ({
        from: wire.from,
        to: wire.to,
        startTime: wire.start_time,
        answerTime: wire.answer_time,
        endTime: wire.end_time,
        durationSeconds: wire.duration,
      }),
    ),
);

export const InitMessage = z.object({
  state: z.enum(['preparing', 'ready']),
  msg: z.string().default(''),
});
