import { describe, expect, it } from 'vitest';
import { formatApproximateDuration, formatDuration, formatElapsed, secondsSince } from './duration';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.9, '0:59'],
    [60, '1:00'],
    [125, '2:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [36_000, '10:00:00'],
  ])('shows %s seconds as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it('shows 0:00 when the duration is negative or not a number', () => {
    expect(formatDuration(-4)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

describe('secondsSince', () => {
  it('counts whole elapsed seconds when the start is in the past', () => {
    expect(secondsSince(1_000, 62_999)).toBe(61);
  });

  it('returns 0 when the start is ahead of now (clock skew)', () => {
    expect(secondsSince(5_000, 1_000)).toBe(0);
  });
});

describe('formatApproximateDuration', () => {
  it.each([
    [3, '~10 s'],
    [44, '~40 s'],
    [90, '~2 min'],
    [240, '~4 min'],
    [3600, '~1 h'],
    [3900, '~1 h 5 min'],
  ])('shows %s seconds as %s', (seconds, expected) => {
    expect(formatApproximateDuration(seconds)).toBe(expected);
  });
});

describe('formatElapsed', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [60, '1 min'],
    [370, '6 min'],
    [7200, '2 h'],
    [7500, '2 h 5 min'],
  ])('shows %s seconds as %s', (seconds, expected) => {
    expect(formatElapsed(seconds)).toBe(expected);
  });
});
