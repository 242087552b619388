import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, zonedWeekMinute } from './time-of-day';

// 21 Nov 2026 09:05 UTC: London is on GMT, New York five hours behind.
const instant = Date.UTC(2026, 10, 21, 9, 5, 30);

describe('formatTimeOfDay', () => {
  it('shows the time in the company zone when it differs from UTC', () => {
    expect(formatTimeOfDay(instant, 'America/New_York')).toBe('04:05');
    expect(formatTimeOfDay(instant, 'Europe/London')).toBe('09:05');
  });

  it('follows daylight saving time when the zone observes it', () => {
    expect(formatTimeOfDay(Date.UTC(2026, 6, 1, 9, 5), 'Europe/London')).toBe('10:05');
  });

  it('shows midnight as 00 rather than 24', () => {
    expect(formatTimeOfDay(Date.UTC(2026, 10, 21, 0, 7), 'UTC')).toBe('00:07');
  });
});

describe('zonedWeekMinute', () => {
  it('gives the weekday and minutes past midnight in the given zone', () => {
    // 21 Nov 2026 is a Saturday.
    expect(zonedWeekMinute(instant, 'Europe/London')).toEqual({ weekday: 6, minutes: 9 * 60 + 5 });
    expect(zonedWeekMinute(instant, 'Asia/Kolkata')).toEqual({ weekday: 6, minutes: 14 * 60 + 35 });
  });

  it('gives the previous day when the zone is still before midnight', () => {
    expect(zonedWeekMinute(Date.UTC(2026, 10, 22, 2, 0), 'America/New_York')).toEqual({ weekday: 6, minutes: 21 * 60 });
  });
});
