/**
 * One live-log entry as a Redis Stream entry: a single field `e` holding the
 * entry as JSON. Reading never throws: an entry this version cannot read is
 * reported and skipped, so one bad write cannot stop every replica.
 */
import { z } from 'zod';
import { LogEntrySchema, type LogEntry } from './log-entry-schemas';

/** The stream field that carries the entry. */
export const ENTRY_FIELD = 'e';

export type DecodedEntry = { ok: true; id: string; entry: LogEntry } | { ok: false; id: string; reason: string };

export function encodeLogEntry(entry: LogEntry): string {
  return JSON.stringify(entry);
}

/** Decodes a stream entry as XRANGE/XREAD return it: an id and its flat field/value list. */
export function decodeStreamEntry(id: string, fields: readonly string[]): DecodedEntry {
  const at = fields.findIndex((field, index) => index % 2 === 0 && field === ENTRY_FIELD);
  const text = at === -1 ? undefined : fields[at + 1];
  if (text === undefined) return { ok: false, id, reason: `no ${ENTRY_FIELD} field` };
  return decodeLogEntry(id, text);
}

export function decodeLogEntry(id: string, text: string): DecodedEntry {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, id, reason: 'not JSON' };
  }
  const parsed = LogEntrySchema.safeParse(json);
  if (!parsed.success) return { ok: false, id, reason: z.prettifyError(parsed.error) };
  return { ok: true, id, entry: parsed.data };
}

/** Orders two stream ids (`<ms>-<seq>`): negative when `a` was appended before `b`. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs - bMs || aSeq - bSeq;
}
