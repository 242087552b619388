import { describe, expect, it } from 'vitest';
import { startOfDay } from './day-start';

describe('startOfDay', () => {
  it('returns UTC midnight when the zone is UTC', () => {
    expect(startOfDay(Date.UTC(2026, 10, 21, 9, 30), 'UTC')).toBe(Date.UTC(2026, 10, 21));
  });

  it('returns local midnight when the zone is ahead of UTC', () => {
    // 00:30 in Berlin (UTC+1 in November) is still the previous day in UTC.
    expect(startOfDay(Date.UTC(2026, 10, 20, 23, 30), 'Europe/Berlin')).toBe(Date.UTC(2026, 10, 20, 23, 0));
  });

  it('returns local midnight when the zone is behind UTC', () => {
    expect(startOfDay(Date.UTC(2026, 10, 21, 3, 0), 'America/New_York')).toBe(Date.UTC(2026, 10, 20, 5, 0));
  });

  it('uses the offset of midnight when daylight saving time began that morning', () => {
    // 29 March 2026: Berlin moves from UTC+1 to UTC+2 at 02:00; midnight was still UTC+1.
    expect(startOfDay(Date.UTC(2026, 2, 29, 12, 0), 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23, 0));
  });
});
