/**
 * Business hours for dimming a wall when nobody watches it (burn-in, energy).
 * Written the way people say them: "Mon-Fri 08:00-18:00", "08:00-18:00"
 * (every day) or "always". Times are in the company's time zone.
 */
import { zonedWeekMinute } from '@/lib/ui/format';

export interface BusinessHours {
  /** 0 = Sunday. */
  days: number[];
  openMinutes: number;
  closeMinutes: number;
}

export const ALWAYS_OPEN: BusinessHours = { days: [0, 1, 2, 3, 4, 5, 6], openMinutes: 0, closeMinutes: 24 * 60 };
export const DEFAULT_BUSINESS_HOURS: BusinessHours = { days: [1, 2, 3, 4, 5], openMinutes: 8 * 60, closeMinutes: 18 * 60 };

const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const PATTERN = /^(?:([a-z]{3})(?:-([a-z]{3}))?\s+)?(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;

/** null when the text is not one of the accepted forms. */
export function parseBusinessHours(text: string): BusinessHours | null {
  const normalised = text.trim().toLowerCase();
  if (normalised === 'always') return ALWAYS_OPEN;
  const match = PATTERN.exec(normalised);
  if (!match) return null;
  const [, firstDay, lastDay, openH, openM, closeH, closeM] = match;
  const openMinutes = Number(openH) * 60 + Number(openM);
  const closeMinutes = Number(closeH) * 60 + Number(closeM);
  if (Number(openM) > 59 || Number(closeM) > 59 || openMinutes >= closeMinutes || closeMinutes > 24 * 60) return null;
  const days = firstDay ? dayRange(firstDay, lastDay ?? firstDay) : ALWAYS_OPEN.days;
  return days ? { days, openMinutes, closeMinutes } : null;
}

function dayRange(first: string, last: string): number[] | null {
  const start = DAY_NAMES.indexOf(first);
  const end = DAY_NAMES.indexOf(last);
  if (start < 0 || end < 0) return null;
  const days: number[] = [];
  // Wraps past Saturday, so "Sat-Sun" is a weekend.
  for (let day = start; ; day = (day + 1) % 7) {
    days.push(day);
    if (day === end) return days;
  }
}

export function isOpenAt(hours: BusinessHours, epochMs: number, timeZone: string): boolean {
  const { weekday, minutes } = zonedWeekMinute(epochMs, timeZone);
  return hours.days.includes(weekday) && minutes >= hours.openMinutes && minutes < hours.closeMinutes;
}
