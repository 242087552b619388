import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, DEFAULT_BUSINESS_HOURS, isOpenAt, parseBusinessHours } from './business-hours';

describe('parseBusinessHours', () => {
  it('reads days and hours when both are given', () => {
    expect(parseBusinessHours('Mon-Fri 08:00-18:00')).toEqual(DEFAULT_BUSINESS_HOURS);
  });

  it('reads every day when only hours are given', () => {
    expect(parseBusinessHours('7:30-19:00')).toEqual({ days: [0, 1, 2, 3, 4, 5, 6], openMinutes: 450, closeMinutes: 1140 });
  });

  it('wraps the week when the range passes Saturday', () => {
    expect(parseBusinessHours('sat-sun 10:00-16:00')?.days).toEqual([6, 0]);
  });

  it('reads a single day', () => {
    expect(parseBusinessHours('Wed 09:00-12:00')?.days).toEqual([3]);
  });

  it('reads always as open all the time', () => {
    expect(parseBusinessHours('always')).toEqual(ALWAYS_OPEN);
  });

  it.each(['', 'Mon-Fri', '18:00-08:00', '08:00-25:00', '08:61-09:00', 'Xyz 08:00-09:00'])('rejects %j', (text) => {
    expect(parseBusinessHours(text)).toBeNull();
  });
});

describe('isOpenAt', () => {
  // Friday 20 Nov 2026; London on GMT.
  it('is open inside the hours on a business day in the company zone', () => {
    expect(isOpenAt(DEFAULT_BUSINESS_HOURS, Date.UTC(2026, 10, 20, 8, 0), 'Europe/London')).toBe(true);
    expect(isOpenAt(DEFAULT_BUSINESS_HOURS, Date.UTC(2026, 10, 20, 17, 59), 'Europe/London')).toBe(true);
  });

  it('is closed at closing time and before opening', () => {
    expect(isOpenAt(DEFAULT_BUSINESS_HOURS, Date.UTC(2026, 10, 20, 18, 0), 'Europe/London')).toBe(false);
    expect(isOpenAt(DEFAULT_BUSINESS_HOURS, Date.UTC(2026, 10, 20, 7, 59), 'Europe/London')).toBe(false);
  });

  it('is closed on a day outside the range', () => {
    expect(isOpenAt(DEFAULT_BUSINESS_HOURS, Date.UTC(2026, 10, 21, 12, 0), 'Europe/London')).toBe(false);
  });

  it('uses the company zone rather than UTC', () => {
    // 13:00 UTC is 08:00 in New York.
    expect(isOpenAt(DEFAULT_BUSINESS_HOURS, Date.UTC(2026, 10, 20, 12, 59), 'America/New_York')).toBe(false);
    expect(isOpenAt(DEFAULT_BUSINESS_HOURS, Date.UTC(2026, 10, 20, 13, 0), 'America/New_York')).toBe(true);
  });
});
