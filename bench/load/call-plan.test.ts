import { describe, expect, it } from 'vitest';
import { planCalls } from './call-plan';

describe('planCalls', () => {
  it('sends every phase of every call exactly once, in phase order per call', () => {
    const plan = planCalls({ rate: 200, durationMs: 2_000, phaseGapMs: 250 });
    expect(plan.calls).toBe(100);
    expect(plan.callIndex.length).toBe(400);
    const seen = new Map<number, number[]>();
    plan.callIndex.forEach((call, i) => seen.set(call, [...(seen.get(call) ?? []), plan.phase[i]!]));
    expect([...seen.values()].every((phases) => phases.join() === '0,1,2,3')).toBe(true);
  });

  it('keeps the phases of a call about a phase gap apart when the rate allows it', () => {
    const plan = planCalls({ rate: 200, durationMs: 2_000, phaseGapMs: 250 });
    const times = [0, 1, 2, 3].map((phase) => plan.atMs[[...plan.callIndex].findIndex((call, i) => call === 7 && plan.phase[i] === phase)]!);
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    expect(gaps.every((gap) => gap >= 200 && gap <= 300)).toBe(true);
  });

  it('sends at the requested rate in the steady part', () => {
    const plan = planCalls({ rate: 100, durationMs: 4_000, phaseGapMs: 200 });
    const steady = [...plan.atMs].filter((at) => at >= 1_000 && at < 3_000);
    expect(steady.length).toBe(200);
  });
});
