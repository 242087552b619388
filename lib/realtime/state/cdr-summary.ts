/**
 * One finished call from its CDR records (spec 2.5, README: one record per leg the
 * caller went through: the queue leg and each agent leg; unanswered legs have no
 * answer time).
 */
import type { CdrRecord } from '@/lib/telephony/types';
import type { CdrView } from '../types';

interface CdrSummary {
  view: CdrView;
  /** Extensions the call involved: who placed it and every phone it rang. */
  extensions: string[];
}

/** Records of one message, one group per call (the caller leg's call id), in arrival order. */
export function groupByCall(records: CdrRecord[]): Array<[CdrRecord, ...CdrRecord[]]> {
  const groups = new Map<string, [CdrRecord, ...CdrRecord[]]>();
  for (const record of records) {
    const group = groups.get(record.from.callId);
    if (group) group.push(record);
    else groups.set(record.from.callId, [record]);
  }
  return [...groups.values()];
}

/**
 * `records` share one caller leg. Wait runs from entering the queue (or the call's
 * start) to the first answer, or to leaving the queue unanswered; talk is the sum
 * of the answered agent legs' durations, so a transferred call counts both agents.
 */
export function summariseCdr(records: [CdrRecord, ...CdrRecord[]], isQueue: (user: string) => boolean): CdrSummary {
  const [first] = records;
  const queueLeg = records.find((record) => record.to.user !== null && isQueue(record.to.user));
  const phoneLegs = records.filter((record) => record.to.user === null || !isQueue(record.to.user));
  const answeredLegs = phoneLegs.filter((record) => record.answerTime !== null).sort((a, b) => a.answerTime! - b.answerTime!);
  const answered = answeredLegs[0];
  const startTime = Math.min(...records.map((record) => record.startTime));
  const endTime = Math.max(...records.map((record) => record.endTime));
  const answerTime = answered?.answerTime ?? null;
  const waitStart = queueLeg?.startTime ?? startTime;
  const waitEnd = answerTime ?? queueLeg?.endTime ?? endTime;
  const extensions = new Set([first.from.user, ...phoneLegs.map((record) => record.to.user)].filter((user) => user !== null));
  return {
    view: {
      callId: first.from.callId,
      caller: { number: first.from.id, name: first.from.name === '' ? null : first.from.name },
      queue: queueLeg?.to.user ?? null,
      agent: answered?.to.user ?? first.from.user,
      startTime,
      answerTime,
      endTime,
      waitSeconds: Math.max(0, Math.round((waitEnd - waitStart) / 1000)),
      talkSeconds: answeredLegs.reduce((sum, record) => sum + record.durationSeconds, 0),
      outcome: answered ? 'answered' : 'missed',
    },
    extensions: [...extensions],
  };
}
