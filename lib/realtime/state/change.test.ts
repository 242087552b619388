import { describe, expect, it } from 'vitest';
import type { CdrView } from '../types';
import { emptyChange, isEmptyChange, mergeAllChanges, type Change } from './change';

function change(fields: Partial<Change>): Change {
  return { ...emptyChange(), ...fields };
}

function cdr(callId: string, endTime: number): CdrView {
  return { callId, caller: { number: null, name: null }, queue: null, agent: null, startTime: 0, answerTime: null, endTime, waitSeconds: 0, talkSeconds: 0, outcome: 'missed' };
}

describe('mergeAllChanges', () => {
  it('keeps a call removed when the later change removed it', () => {
    const merged = mergeAllChanges([change({ calls: new Set(['a', 'b']) }), change({ removedCalls: new Set(['a']) })]);
    expect([...merged.calls]).toEqual(['b']);
    expect([...merged.removedCalls]).toEqual(['a']);
  });

  it('brings a call back when the later change updated it', () => {
    const merged = mergeAllChanges([change({ removedCalls: new Set(['a']) }), change({ calls: new Set(['a']) })]);
    expect([...merged.calls]).toEqual(['a']);
    expect(merged.removedCalls.size).toBe(0);
  });

  it('unions keys, ors the KPI flag and orders finished calls newest first', () => {
    const merged = mergeAllChanges([
      change({ queues: new Set(['sales']), agents: new Set(['201']), cdrs: [cdr('x', 10)] }),
      change({ queues: new Set(['support']), kpis: true, cdrs: [cdr('y', 30), cdr('x', 10)] }),
    ]);
    expect([...merged.queues]).toEqual(['sales', 'support']);
    expect([...merged.agents]).toEqual(['201']);
    expect(merged.kpis).toBe(true);
    expect(merged.cdrs.map((view) => view.callId)).toEqual(['y', 'x']);
  });

  it('follows a call through a burst of many changes in order', () => {
    const burst = [
      change({ calls: new Set(['a']) }),
      change({ removedCalls: new Set(['a']), calls: new Set(['b']) }),
      change({ calls: new Set(['a']) }),
      change({ removedCalls: new Set(['b']) }),
    ];
    const merged = mergeAllChanges(burst);
    expect([...merged.calls]).toEqual(['a']);
    expect([...merged.removedCalls]).toEqual(['b']);
  });
});

describe('isEmptyChange', () => {
  it('is true only when nothing changed', () => {
    expect(isEmptyChange(emptyChange())).toBe(true);
    expect(isEmptyChange(change({ kpis: true }))).toBe(false);
    expect(isEmptyChange(change({ removedCalls: new Set(['a']) }))).toBe(false);
    expect(isEmptyChange(change({ cdrs: [cdr('a', 1)] }))).toBe(false);
  });
});
