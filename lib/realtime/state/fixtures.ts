/**
 * Test builders for the normalised inputs (lib/telephony/types), shaped like the
 * spec's messages (2.2, 2.4, 2.5) and sequenced as the README's call model and the
 * sandbox's simulator send them. Times are whole seconds, as on the wire.
 */
import type { CallEvent, CallLeg, CdrRecord, LegState, QueueStats } from '@/lib/telephony/types';

const DOMAIN = 'acme.example';
/** Saturday 21 November 2026, 09:00 UTC: 09:00 in London (GMT). */
export const NINE_AM = Date.UTC(2026, 10, 21, 9, 0, 0);
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

export function queueStats(queue: string, figures: Partial<Omit<QueueStats, 'queue'>> = {}): QueueStats {
  return { queue, callsWaiting: 0, avgWaitSeconds: 0, maxWaitSeconds: 0, numAgents: 3, availableAgents: 3, unavailableAgents: 0, ...figures };
}

function leg(callId: string, state: LegState, fields: Partial<CallLeg>): CallLeg {
  return { callId, id: null, state, user: null, domain: null, name: null, isHuman: null, ...fields };
}

function extensionLeg(callId: string, extension: string, state: LegState, name: string | null = null): CallLeg {
  return leg(callId, state, { id: `sip:${extension}@${DOMAIN}`, user: extension, domain: DOMAIN, name, isHuman: true });
}

interface QueueCall {
  enters(): CallEvent;
  /** The queue rings an agent: the agent's leg rings, the caller hears ringing. */
  offers(extension: string): CallEvent;
  answers(at: number): CallEvent;
  /** The ringing agent's leg ends and the queue holds the caller again. */
  notAnswered(): [CallEvent, CallEvent];
  /** The talking agent hands over: the new phone rings, then the old leg ends. */
  transfers(extension: string): [CallEvent, CallEvent];
  /** Caller or agent hangs up (an abandon while queued): every open leg ends in one message. */
  hangsUp(): CallEvent;
}

/** An outside caller ringing a queue at `at`. */
export function queueCall(options: { callId: string; queue: string; at: number; number?: string; name?: string }): QueueCall {
  const { callId, queue, at } = options;
  const caller = leg(callId, 'active', { id: options.number ?? '+441632960567', name: options.name ?? 'Ada Lovelace' });
  const queueLeg = leg(`${callId}-q`, 'active', { id: `sip:${queue}@${DOMAIN}`, user: queue, domain: DOMAIN, isHuman: false });
  let target = queueLeg;
  let targetAnswer: number | null = at;
  let byCallId: string | null = null;
  let legs = 0;

  const message = (callerState: LegState, to: CallLeg, timeAnswer: number | null, by = byCallId): CallEvent => ({
    onNet: false,
    from: { ...caller, state: callerState },
    to,
    timeStart: at,
    timeAnswer,
    byCallId: by,
  });
  const ring = (extension: string) => {
    legs += 1;
    target = extensionLeg(`${callId}-a${legs}`, extension, 'ringing');
    targetAnswer = null;
  };

  return {
    enters: () => message('active', queueLeg, at),
    offers(extension) {
      ring(extension);
      return message('progressing', target, null);
    },
    answers(answerAt) {
      target = { ...target, state: 'active' };
      targetAnswer = answerAt;
      return message('active', target, answerAt);
    },
    notAnswered() {
      const missed = message('progressing', { ...target, state: 'ended' }, null);
      target = queueLeg;
      targetAnswer = at;
      return [missed, message('active', queueLeg, at)];
    },
    transfers(extension) {
      const transferring = { ...target, state: 'ended' as const };
      const transferringAnswer = targetAnswer;
      const previousBy = byCallId;
      ring(extension);
      byCallId = transferring.callId;
      return [message('progressing', target, null), message('progressing', transferring, transferringAnswer, previousBy)];
    },
    hangsUp: () => message('ended', { ...target, state: 'ended' }, targetAnswer),
  };
}

interface DirectCall {
  rings(): CallEvent;
  answers(at: number): CallEvent;
  hangsUp(): CallEvent;
}

/** A call between two extensions (internal), from an extension to a number (outbound), or from a number to an extension. */
export function directCall(options: { callId: string; from: { extension: string; name?: string } | { number: string }; to: { extension: string } | { number: string }; at: number }): DirectCall {
  const { callId, at } = options;
  const from = 'extension' in options.from ? extensionLeg(callId, options.from.extension, 'progressing', options.from.name ?? null) : leg(callId, 'progressing', { id: options.from.number, name: 'Grace Hopper' });
  const to = 'extension' in options.to ? extensionLeg(`${callId}-t`, options.to.extension, 'ringing') : leg(`${callId}-t`, 'ringing', { id: options.to.number, isHuman: true });
  const onNet = 'extension' in options.from && 'extension' in options.to;
  let answeredAt: number | null = null;
  const message = (callerState: LegState, toState: LegState): CallEvent => ({
    onNet,
    from: { ...from, state: callerState },
    to: { ...to, state: toState },
    timeStart: at,
    timeAnswer: answeredAt,
    byCallId: null,
  });
  return {
    rings: () => message('progressing', 'ringing'),
    answers(answerAt) {
      answeredAt = answerAt;
      return message('active', 'active');
    },
    hangsUp: () => message('ended', 'ended'),
  };
}

interface CdrLeg {
  /** The to-leg: a queue id or an extension. */
  user: string;
  start: number;
  answer: number | null;
  end: number;
}

/** One CDR message: a record per leg, durations as the sandbox counts them (the answered part of each leg). */
export function cdrMessage(options: { callId: string; number?: string; name?: string; fromExtension?: string; legs: CdrLeg[] }): CdrRecord[] {
  return options.legs.map((cdrLeg, index) => ({
    from: { callId: options.callId, id: options.number ?? '+441632960567', user: options.fromExtension ?? null, domain: null, name: options.name ?? 'Ada Lovelace' },
    to: { callId: `${options.callId}-cdr${index}`, id: `sip:${cdrLeg.user}@${DOMAIN}`, user: cdrLeg.user, domain: DOMAIN, name: null },
    startTime: cdrLeg.start,
    answerTime: cdrLeg.answer,
    endTime: cdrLeg.end,
    durationSeconds: cdrLeg.answer === null ? 0 : Math.floor((cdrLeg.end - cdrLeg.answer) / SECOND),
  }));
}
