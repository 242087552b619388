/**
 * The company's calendar: which day and hour an instant falls in, in its zone.
 * Offsets come from Intl, so daylight-saving changes follow the platform's tz data.
 */
import { startOfDay } from '../day-start';

/** One company day: its YYYY-MM-DD key and its [start, end) in epoch ms (23 to 25 hours long). */
export interface DayWindow {
  key: string;
  start: number;
  end: number;
}

export interface CompanyCalendar {
  dayOf(at: number): DayWindow;
  dayKeyOf(at: number): string;
  /** Hour of day, 0 to 23, in the company zone. */
  hourOf(at: number): number;
}

// Longer than any day (25 h) and shorter than any two (46 h): lands inside the next day.
const INTO_NEXT_DAY_MS = 26 * 60 * 60 * 1000;

export function createCompanyCalendar(timeZone: string): CompanyCalendar {
  // Building a formatter is costly; one per state serves every event.
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
  });

  function parts(at: number): Record<string, string> {
    const found: Record<string, string> = {};
    for (const part of formatter.formatToParts(at)) found[part.type] = part.value;
    return found;
  }

  function dayKeyOf(at: number): string {
    const { year, month, day } = parts(at);
    return `${year}-${month}-${day}`;
  }

  return {
    dayOf(at) {
      const start = startOfDay(at, timeZone);
      return { key: dayKeyOf(at), start, end: startOfDay(start + INTO_NEXT_DAY_MS, timeZone) };
    },
    dayKeyOf,
    hourOf: (at) => Number(parts(at).hour),
  };
}
