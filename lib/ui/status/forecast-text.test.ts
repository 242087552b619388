import { describe, expect, it } from 'vitest';
import { forecastText } from './forecast-text';

describe('forecastText', () => {
  it('states the threshold and the lead time when a breach is likely soon', () => {
    expect(forecastText({ kind: 'likely', inSeconds: 240 }, 120)).toBe('Likely over 2:00 in ~4 min');
  });

  it('says nothing when the breach is more than a quarter of an hour away', () => {
    expect(forecastText({ kind: 'likely', inSeconds: 901 }, 120)).toBeNull();
  });

  it('says nothing when the queue is clear or already over', () => {
    expect(forecastText({ kind: 'clear' }, 120)).toBeNull();
    expect(forecastText({ kind: 'breached' }, 120)).toBeNull();
  });
});
