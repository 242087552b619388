import { describe, expect, it } from 'vitest';
import { parseCallTime, parseCdrDate, parseIsoUtc } from './wire-time';

describe('parseCallTime', () => {
  it('reads the time as UTC when it has the spec form', () => {
    expect(parseCallTime('2026-11-21 10:00:05')).toBe(Date.UTC(2026, 10, 21, 10, 0, 5));
  });

  it('returns null when the form differs or the date does not exist', () => {
    expect(parseCallTime('2026-11-21T10:00:05')).toBeNull();
    expect(parseCallTime('2026-11-21 10:00')).toBeNull();
    expect(parseCallTime('2026-11-31 10:00:00')).toBeNull();
    expect(parseCallTime('2026-11-21 24:00:00')).toBeNull();
  });
});

describe('parseCdrDate', () => {
  it('reads the date when it has the sample form, ignoring a weekday that does not match', () => {
    // 21 Nov 2026 is a Saturday; the spec's sample calls it Tue.
    expect(parseCdrDate('Tue, 21 Nov 2026 10:00:00 +0000')).toBe(Date.UTC(2026, 10, 21, 10, 0, 0));
  });

  it('applies the offset when it is not +0000', () => {
    expect(parseCdrDate('Sat, 21 Nov 2026 11:30:00 +0130')).toBe(Date.UTC(2026, 10, 21, 10, 0, 0));
    expect(parseCdrDate('Sat, 21 Nov 2026 05:00:00 -0500')).toBe(Date.UTC(2026, 10, 21, 10, 0, 0));
  });

  it('returns null when the form differs or the date does not exist', () => {
    expect(parseCdrDate('2026-11-21 10:00:00')).toBeNull();
    expect(parseCdrDate('Sat, 21 Nov 2026 10:00:00 GMT')).toBeNull();
    expect(parseCdrDate('Sat, 21 Foo 2026 10:00:00 +0000')).toBeNull();
    expect(parseCdrDate('Sat, 31 Nov 2026 10:00:00 +0000')).toBeNull();
  });
});

describe('parseIsoUtc', () => {
  it('reads the time as UTC when there is no zone suffix', () => {
    expect(parseIsoUtc('2026-11-22T10:00:00.123456')).toBe(Date.UTC(2026, 10, 22, 10, 0, 0, 123));
    expect(parseIsoUtc('2026-11-22T10:00:00')).toBe(Date.UTC(2026, 10, 22, 10, 0, 0));
  });

  it('accepts a Z suffix', () => {
    expect(parseIsoUtc('2026-11-22T10:00:00.5Z')).toBe(Date.UTC(2026, 10, 22, 10, 0, 0, 500));
  });

  it('returns null when the time has another zone or form', () => {
    expect(parseIsoUtc('2026-11-22T10:00:00+02:00')).toBeNull();
    expect(parseIsoUtc('2026-11-22 10:00:00')).toBeNull();
  });
});
