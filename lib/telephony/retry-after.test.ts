import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after';

const NOW = Date.UTC(2026, 10, 21, 10, 0, 0);

describe('parseRetryAfter', () => {
  it('returns the wait in ms when the header gives seconds', () => {
    expect(parseRetryAfter('30', NOW)).toBe(30_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('returns the time until the date when the header gives an HTTP date', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:01:30 GMT', NOW)).toBe(90_000);
  });

  it('returns 0 when the date has passed', () => {
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:59:00 GMT', NOW)).toBe(0);
  });

  it('returns null when the header is absent or unreadable', () => {
    expect(parseRetryAfter(null, NOW)).toBeNull();
    expect(parseRetryAfter('-5', NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter('2026-11-21T10:01:30Z', NOW)).toBeNull();
  });
});
