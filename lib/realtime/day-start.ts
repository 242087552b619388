/**
 * Midnight in the company's time zone, for "today" in the KPIs. Offsets come
 * from Intl, so daylight-saving changes are handled by the platform's tz data.
 */

/** Epoch ms of the start of the calendar day that contains `at` in `timeZone`. */
export function startOfDay(at: number, timeZone: string): number {
  const local = localParts(at, timeZone);
  const midnightAsUtc = Date.UTC(local.year, local.month - 1, local.day);
  // The zone's offset at midnight may differ from the one now (a DST change that
  // morning), so correct with the offset that holds at the first guess.
  let guess = midnightAsUtc - offsetAt(at, timeZone);
  guess = midnightAsUtc - offsetAt(guess, timeZone);
  return guess;
}

function offsetAt(at: number, timeZone: string): number {
  const local = localParts(at, timeZone);
  const localAsUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return localAsUtc - Math.floor(at / 1000) * 1000;
}

function localParts(at: number, timeZone: string) {
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = Object.fromEntries(formatter.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}
