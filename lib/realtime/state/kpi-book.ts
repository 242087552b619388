/**
 * Today's KPIs, kept as running sums per queue so each finished call costs O(1)
 * and any selection of queues can be totalled exactly (averages are weighted).
 * Only calls that went through a queue count: they are what a call centre answers.
 */
import type { DayKpis, Kpis } from '../types';

interface KpiTally {
  answered: number;
  missed: number;
  talkSeconds: number;
  longestTalkSeconds: number;
  /** Sum of answered callers' waits. */
  answerWaitSeconds: number;
  perHour: Array<{ answered: number; missed: number }>;
}

export interface KpiBook {
  day: string;
  total: KpiTally;
  byQueue: Map<string, KpiTally>;
  /** The whole company's view, rebuilt on the first read after a change. */
  view: Kpis | null;
}

interface FinishedQueueCall {
  queue: string;
  answered: boolean;
  talkSeconds: number;
  waitSeconds: number;
  /** Company-zone hour the call arrived in. */
  hour: number;
}

export function createKpiBook(day: string): KpiBook {
  return { day, total: emptyTally(), byQueue: new Map(), view: null };
}

/** Counts one finished call. Past `maxQueues` distinct queues, new ones count in the total only. */
export function recordQueueCall(book: KpiBook, call: FinishedQueueCall, maxQueues: number): void {
  addToTally(book.total, call);
  let tally = book.byQueue.get(call.queue);
  if (!tally && book.byQueue.size < maxQueues) {
    tally = emptyTally();
    book.byQueue.set(call.queue, tally);
  }
  if (tally) addToTally(tally, call);
  book.view = null;
}

export function kpisView(book: KpiBook): Kpis {
  book.view ??= {
    day: book.day,
    total: toDayKpis(book.total),
    byQueue: Object.fromEntries([...book.byQueue].map(([queue, tally]) => [queue, toDayKpis(tally)])),
  };
  return book.view;
}

/** The KPIs of some queues only: byQueue narrowed, total summed over them. */
export function kpisOfQueues(book: KpiBook, queues: ReadonlySet<string>): Kpis {
  const byQueue: Record<string, DayKpis> = {};
  const total = emptyTally();
  for (const [queue, tally] of book.byQueue) {
    if (!queues.has(queue)) continue;
    byQueue[queue] = toDayKpis(tally);
    addTally(total, tally);
  }
  return { day: book.day, total: toDayKpis(total), byQueue };
}

function emptyTally(): KpiTally {
  return {
    answered: 0,
    missed: 0,
    talkSeconds: 0,
    longestTalkSeconds: 0,
    answerWaitSeconds: 0,
    perHour: Array.from({ length: 24 }, () => ({ answered: 0, missed: 0 })),
  };
}

function addToTally(tally: KpiTally, call: FinishedQueueCall): void {
  const bucket = tally.perHour[call.hour]!;
  if (!call.answered) {
    tally.missed += 1;
    bucket.missed += 1;
    return;
  }
  tally.answered += 1;
  bucket.answered += 1;
  tally.talkSeconds += call.talkSeconds;
  tally.longestTalkSeconds = Math.max(tally.longestTalkSeconds, call.talkSeconds);
  tally.answerWaitSeconds += call.waitSeconds;
}

function addTally(into: KpiTally, from: KpiTally): void {
  into.answered += from.answered;
  into.missed += from.missed;
  into.talkSeconds += from.talkSeconds;
  into.longestTalkSeconds = Math.max(into.longestTalkSeconds, from.longestTalkSeconds);
  into.answerWaitSeconds += from.answerWaitSeconds;
  from.perHour.forEach((bucket, hour) => {
    into.perHour[hour]!.answered += bucket.answered;
    into.perHour[hour]!.missed += bucket.missed;
  });
}

function toDayKpis(tally: KpiTally): DayKpis {
  const average = (sum: number) => (tally.answered === 0 ? 0 : Math.round(sum / tally.answered));
  return {
    answered: tally.answered,
    missed: tally.missed,
    avgTalkSeconds: average(tally.talkSeconds),
    longestTalkSeconds: tally.longestTalkSeconds,
    avgAnswerSeconds: average(tally.answerWaitSeconds),
    perHour: tally.perHour.map((bucket) => ({ ...bucket })),
  };
}
