/**
 * The service's three date forms, read as UTC epoch milliseconds. Each parser
 * returns null for anything but its exact form or an impossible date.
 */

const CALL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * RFC 2822 §3.3 date as the CDR samples write it: `Tue, 21 Nov 2026 10:00:00 +0000`.
 * Shared with the CDR repair step so both agree on what a date is.
 */
export const CDR_DATE_PATTERN = `(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{1,2} (?:${MONTHS.join('|')}) \\d{4} \\d{2}:\\d{2}:\\d{2} [+-]\\d{4}`;

const CDR_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;

const ISO_WITHOUT_ZONE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z?$/;

/** Call message times (spec 2.4): `YYYY-MM-DD HH:MM:SS`, UTC (README decision). */
export function parseCallTime(text: string): number | null {
  const m = CALL_TIME.exec(text);
  if (!m) return null;
  return utc(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

/**
 * CDR dates (spec 2.5). The weekday is not checked: RFC 2822 makes it
 * redundant, and the spec's own sample pairs "Tue" with a Saturday.
 */
export function parseCdrDate(text: string): number | null {
  const m = CDR_DATE.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2] ?? '') + 1;
  if (month === 0) return null;
  const local = utc(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
  const offsetHours = Number(m[8]);
  const offsetMinutes = Number(m[9]);
  if (local === null || offsetHours > 23 || offsetMinutes > 59) return null;
  const offsetMs = (offsetHours * 60 + offsetMinutes) * 60_000;
  return m[7] === '-' ? local + offsetMs : local - offsetMs;
}

/** Subscription expiry (spec 2.3): ISO-8601, UTC, no zone suffix; a `Z` is tolerated. */
export function parseIsoUtc(text: string): number | null {
  const m = ISO_WITHOUT_ZONE.exec(text);
  if (!m) return null;
  const whole = utc(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  if (whole === null) return null;
  const fraction = m[7] ?? '';
  return whole + (fraction === '' ? 0 : Math.floor(Number(`0.${fraction}`) * 1000));
}

/** Epoch ms, or null when a field is out of range (Date.UTC would roll 31 Nov into December). */
function utc(year: number, month: number, day: number, hour: number, minute: number, second: number): number | null {
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const d = new Date(ms);
  const exact =
    d.getUTCFullYear() === year &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day &&
    d.getUTCHours() === hour &&
    d.getUTCMinutes() === minute &&
    d.getUTCSeconds() === second;
  return exact ? ms : null;
}
