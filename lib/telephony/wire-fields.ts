/** zod building blocks for the service's loosely typed fields, shared by every schema here. */
import { z } from 'zod';
import { parseCallTime, parseCdrDate, parseIsoUtc } from './wire-time';

/** Identifiers the service sends as a string in one place and a number in another. */
export const idString = z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String);

/** A nullable field the spec lists, tolerated when absent: absence and null both mean null. */
export function nullable<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? null);
}

/** A count of seconds sent as an integer or a numeric string (spec 4.4). */
export const seconds = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

export const callTime = dateField(parseCallTime, 'expected YYYY-MM-DD HH:MM:SS');
export const cdrDate = dateField(parseCdrDate, 'expected an RFC 2822 date such as "Tue, 21 Nov 2026 10:00:00 +0000"');
export const isoUtc = dateField(parseIsoUtc, 'expected an ISO-8601 UTC date such as 2026-11-21T10:00:00.000000');

function dateField(parse: (text: string) => number | null, expected: string) {
  return z.string().transform((text, ctx) => {
    const ms = parse(text);
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: expected });
      return z.NEVER;
    }
    return ms;
  });
}
