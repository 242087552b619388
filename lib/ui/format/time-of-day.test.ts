import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, minutesOfDay } from './time-of-day';

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

describe('minutesOfDay', () => {
  it('counts minutes past midnight in the given zone', () => {
    expect(minutesOfDay(instant, 'Europe/London')).toBe(9 * 60 + 5);
    expect(minutesOfDay(instant, 'Asia/Kolkata')).toBe(14 * 60 + 35);
  });
});
