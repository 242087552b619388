import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallEvent } from '@/lib/telephony/types';
import { applyCallEvent } from './apply-call-event';
import { applyStats } from './apply-stats';
import { NINE_AM, queueCall, queueStats, SECOND } from './fixtures';
import { createLiveState } from './live-state';
import { project } from './projection';

const EXTENSIONS = ['201', '202', '203', '204', '205'];

const scriptArb = fc.record({
  unanswered: fc.array(fc.constantFrom(...EXTENSIONS), { maxLength: 2 }),
  ending: fc.constantFrom('abandon', 'answer', 'transfer'),
  agent: fc.constantFrom(...EXTENSIONS),
  transferTo: fc.constantFrom(...EXTENSIONS),
});
type Script = typeof scriptArb extends fc.Arbitrary<infer T> ? T : never;

/** The messages of one queue call in the order the service sends them. */
function messagesOf(callId: string, script: Script): CallEvent[] {
  const call = queueCall({ callId, queue: 'sales', at: NINE_AM, number: `+4416329605${callId.slice(1).padStart(2, '0')}` });
  const messages = [call.enters()];
  for (const extension of script.unanswered) messages.push(call.offers(extension), ...call.notAnswered());
  if (script.ending !== 'abandon') {
    messages.push(call.offers(script.agent), call.answers(NINE_AM + 30 * SECOND));
    if (script.ending === 'transfer') messages.push(...call.transfers(script.transferTo), call.answers(NINE_AM + 60 * SECOND));
  }
  messages.push(call.hangsUp());
  return messages;
}

const scenarioArb = fc.array(scriptArb, { minLength: 1, maxLength: 6 }).chain((scripts) => {
  const calls = scripts.map((script, index) => ({ id: `c${index}`, script, messages: messagesOf(`c${index}`, script) }));
  const count = calls.reduce((sum, call) => sum + call.messages.length, 0);
  return fc.record({
    calls: fc.constant(calls),
    keys: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: count, maxLength: count }),
    duplicates: fc.array(fc.boolean(), { minLength: count, maxLength: count }),
  });
});

function runAll(messages: CallEvent[]) {
  const state = createLiveState({ timeZone: 'Europe/London' }, NINE_AM);
  applyStats(state, [queueStats('sales', { numAgents: 5, availableAgents: 5, unavailableAgents: 0 })], NINE_AM - SECOND);
  messages.forEach((message, index) => applyCallEvent(state, message, NINE_AM + index * SECOND));
  return project(state, { audience: 'supervisor' });
}

function expectAllSettled(view: ReturnType<typeof runAll>): void {
  expect(view.calls.every((call) => call.phase === 'ended')).toBe(true);
  expect(view.agents.every((agent) => agent.state === 'idle' && agent.callId === null)).toBe(true);
  expect(view.queues[0]).toMatchObject({ callsWaiting: 0, oldestWaitingSince: null, agents: { total: 5, available: 5, busy: 0, away: 0 } });
}

describe('applyCallEvent', () => {
  it('ends every call with its outcome when calls interleave and messages repeat', () => {
    fc.assert(
      fc.property(scenarioArb, ({ calls, keys, duplicates }) => {
        // Random interleaving that keeps each call's own order: each call takes its keys sorted.
        let next = 0;
        const keyed = calls.flatMap((call) => {
          const mine = keys.slice(next, next + call.messages.length).sort((a, b) => a - b);
          next += call.messages.length;
          return call.messages.map((message, index) => ({ key: mine[index]!, message }));
        });
        keyed.sort((a, b) => a.key - b.key);
        const messages = keyed.flatMap(({ message }, index) => (duplicates[index] ? [message, message] : [message]));
        const view = runAll(messages);
        expectAllSettled(view);
        const expected = calls.map((call) => [call.id, call.script.ending === 'abandon' ? 'abandoned' : 'answered']);
        expect(view.calls.map((call) => [call.id, call.outcome]).sort()).toEqual(expected.sort());
      }),
      { numRuns: 100 },
    );
  });

  it('never leaves a call, an agent or a waiting caller behind whatever order messages arrive in', () => {
    fc.assert(
      fc.property(scenarioArb, ({ calls, keys }) => {
        const all = calls.flatMap((call) => call.messages);
        const shuffled = all.map((message, index) => ({ key: keys[index]!, message })).sort((a, b) => a.key - b.key);
        expectAllSettled(runAll(shuffled.map(({ message }) => message)));
      }),
      { numRuns: 100 },
    );
  });
});
