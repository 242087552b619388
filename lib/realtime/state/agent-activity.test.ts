import { describe, expect, it } from 'vitest';
import { applyCallEvent } from './apply-call-event';
import { noteAgentName } from './agent-activity';
import { isEmptyChange } from './change';
import { NINE_AM, queueCall, SECOND } from './fixtures';
import { createLiveState } from './live-state';
import { project } from './projection';

describe('noteAgentName', () => {
  it('adds an agent not seen in calls yet, idle since the latest input', () => {
    const state = createLiveState({ timeZone: 'Europe/London' }, NINE_AM);
    applyCallEvent(state, queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM }).enters(), NINE_AM + 5 * SECOND);
    const change = noteAgentName(state, '201', 'Grace Hopper');
    expect([...change.agents]).toEqual(['201']);
    expect(project(state, { audience: 'supervisor' }).agents).toEqual([
      { extension: '201', name: 'Grace Hopper', state: 'idle', since: NINE_AM + 5 * SECOND, callId: null, queues: [] },
    ]);
  });

  it('returns an empty Change when the name is already known', () => {
    const state = createLiveState({ timeZone: 'Europe/London' }, NINE_AM);
    noteAgentName(state, '201', 'Grace Hopper');
    expect(isEmptyChange(noteAgentName(state, '201', 'Grace Hopper'))).toBe(true);
  });

  it('keeps the name while the agent takes calls', () => {
    const state = createLiveState({ timeZone: 'Europe/London' }, NINE_AM);
    noteAgentName(state, '201', 'Grace Hopper');
    const call = queueCall({ callId: 'c1', queue: 'sales', at: NINE_AM });
    applyCallEvent(state, call.enters(), NINE_AM);
    applyCallEvent(state, call.offers('201'), NINE_AM + SECOND);
    expect(project(state, { audience: 'supervisor' }).agents).toMatchObject([{ extension: '201', name: 'Grace Hopper', state: 'ringing', queues: ['sales'] }]);
  });
});
