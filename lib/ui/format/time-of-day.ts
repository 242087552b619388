/**
 * Clock times in the company's time zone (snapshot.timeZone), never the
 * browser's: a TV or a remote agent may sit in another zone than the call centre.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** "14:05" in the given IANA zone. */
export function formatTimeOfDay(epochMs: number, timeZone: string): string {
  return formatterFor(timeZone).format(epochMs);
}

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Day of the week (0 = Sunday) and minutes past midnight in the given zone, for business-hours checks. */
export function zonedWeekMinute(epochMs: number, timeZone: string): { weekday: number; minutes: number } {
  let weekdayFormatter = weekdayFormatters.get(timeZone);
  if (!weekdayFormatter) {
    weekdayFormatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' });
    weekdayFormatters.set(timeZone, weekdayFormatter);
  }
  const parts = formatterFor(timeZone).formatToParts(epochMs);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return { weekday: WEEKDAYS.indexOf(weekdayFormatter.format(epochMs)), minutes: hour * 60 + minute };
}
