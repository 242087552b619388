import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

const policy = (r: number) => ({ baseMs: 1_000, capMs: 60_000, random: () => r });

describe('backoffDelay', () => {
  it('draws up to base·2^failures when that is under the cap', () => {
    expect(backoffDelay(1, policy(0.999_999))).toBe(1_999);
    expect(backoffDelay(3, policy(0.5))).toBe(4_000);
    expect(backoffDelay(4, policy(0.999_999))).toBe(15_999);
  });

  it('stays under the cap when failures pile up', () => {
    expect(backoffDelay(30, policy(0.999_999))).toBe(59_999);
    expect(backoffDelay(1_000, policy(0.5))).toBe(30_000);
  });

  it('never returns less than the base when the draw is small', () => {
    expect(backoffDelay(5, policy(0))).toBe(1_000);
    expect(backoffDelay(1, policy(0.2))).toBe(1_000);
  });
});
