import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallMessage } from './call-model';
import { recordingSimulator } from './test-fixtures';

/**
 * What a client can tell from the messages alone: which queue each caller waits in,
 * from queue entry until an agent answers (a ringing agent does not end the wait).
 */
function followWaiting(waitingIn: Map<string, string>, { calls }: CallMessage): void {
  const callerId = calls.from.call_id;
  if (calls.from.state === 'ended' || (calls.to.is_human && calls.to.state === 'active')) waitingIn.delete(callerId);
  else if (!calls.to.is_human && calls.to.state === 'active') waitingIn.set(callerId, calls.to.user!);
}

const CALL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('createSimulator under random activity', () => {
  it('keeps stats consistent with each other and with the messages when thousands of random steps run', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 800, maxLength: 800 }), (randomSeed, steps) => {
        const { simulator, clock, messages } = recordingSimulator({ enabled: true, arrivalsPerMinute: 3 }, randomSeed);
        simulator.start();
        const waitingByCompany = new Map([
          ['acme', new Map<string, string>()],
          ['globex', new Map<string, string>()],
        ]);
        let followed = 0;
        for (const ms of steps) {
          clock.advance(ms);
          for (; followed < messages.length; followed++) followWaiting(waitingByCompany.get(messages[followed]!.companyId)!, messages[followed]!.message);
          for (const [companyId, waiting] of waitingByCompany) {
            for (const stats of simulator.stats(companyId)) {
              expect(stats.available_agents + stats.unavailable_agents).toBe(stats.num_agents);
              expect(stats.available_agents).toBeGreaterThanOrEqual(0);
              expect(stats.max_wait).toBeGreaterThanOrEqual(stats.avg_wait);
              if (stats.calls_waiting === 0) expect([stats.avg_wait, stats.max_wait]).toEqual([0, 0]);
              expect(stats.calls_waiting).toBe([...waiting.values()].filter((queue) => queue === stats.queue).length);
            }
          }
        }
        simulator.close();
      }),
      { numRuns: 5 },
    );
  });

  it('never sends a message for a call after its caller leg ended and keeps endpoint fields well formed', () => {
    const { simulator, clock, messages } = recordingSimulator({ enabled: true, arrivalsPerMinute: 4 }, 99);
    simulator.start();
    clock.advance(3 * 60 * 60_000);
    const endedCallers = new Set<string>();
    for (const { message } of messages) {
      const { calls } = message;
      expect(endedCallers.has(calls.from.call_id)).toBe(false);
      if (calls.from.state === 'ended') endedCallers.add(calls.from.call_id);
      expect(calls.time_start).toMatch(CALL_TIME);
      if (calls.to.state === 'ringing') expect(calls.from.state).toBe('progressing');
      if (calls.time_answer !== null) expect(calls.time_answer).toMatch(CALL_TIME);
      expect(Object.keys(calls.from).sort()).toEqual(['call_id', 'domain', 'id', 'name', 'state', 'user']);
      expect(Object.keys(calls.to).sort()).toEqual(['call_id', 'domain', 'id', 'is_human', 'state', 'user']);
    }
  });

  it('shows abandons, ring-no-answer, transfers, internal and outbound calls and repeat callers over a long run', () => {
    const { simulator, clock, messages, cdrs } = recordingSimulator({ enabled: true, arrivalsPerMinute: 0.5 }, 1234);
    simulator.start();
    clock.advance(12 * 60 * 60_000);
    const calls = messages.map((m) => m.message.calls);
    expect(calls.some((c) => c.from.state === 'ended' && !c.to.is_human)).toBe(true);
    expect(calls.some((c) => c.to.state === 'ended' && c.to.is_human && c.from.state === 'progressing' && c.by_call_id === null)).toBe(true);
    expect(calls.some((c) => c.by_call_id !== null)).toBe(true);
    expect(calls.some((c) => c.on_net)).toBe(true);
    expect(calls.some((c) => !c.on_net && c.from.user !== null && c.to.user === null)).toBe(true);
    const entries = calls.filter((c) => !c.to.is_human && c.time_answer === c.time_start && c.from.state === 'active');
    const callersByNumber = new Map<string, Set<string>>();
    for (const entry of entries) callersByNumber.set(entry.from.id!, (callersByNumber.get(entry.from.id!) ?? new Set()).add(entry.from.call_id));
    expect([...callersByNumber.values()].some((ids) => ids.size > 1)).toBe(true);
    expect(cdrs.length).toBeGreaterThan(50);
    // Timers belong to calls in progress and the activity processes only: nothing piles up.
    expect(clock.pendingTimers()).toBeLessThan(40);
    simulator.close();
    expect(clock.pendingTimers()).toBe(0);
  });

  it('runs simulated time faster when timeScale is above 1', () => {
    const countArrivals = (timeScale: number) => {
      const { simulator, clock, messages } = recordingSimulator({ enabled: true, arrivalsPerMinute: 2, timeScale }, 5);
      simulator.start();
      clock.advance(10 * 60_000);
      return messages.filter((m) => !m.message.calls.to.is_human && m.message.calls.from.state === 'active').length;
    };
    expect(countArrivals(30)).toBeGreaterThan(countArrivals(1) * 10);
  });

  it('starts no new calls when switched off and resumes when switched on', () => {
    const { simulator, clock, messages } = recordingSimulator({ enabled: true, arrivalsPerMinute: 6 }, 3);
    simulator.start();
    simulator.configure({ running: false });
    clock.advance(60 * 60_000);
    expect(messages).toHaveLength(0);
    simulator.configure({ running: true });
    clock.advance(10 * 60_000);
    expect(messages.length).toBeGreaterThan(0);
  });
});
