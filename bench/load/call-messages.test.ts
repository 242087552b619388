import { describe, expect, it } from 'vitest';
import { parseWebhookBody } from '@/lib/telephony';
import { callMessage, cdrMessage, indexOfCallId, phaseOfCallMessage, type PlannedCall } from './call-messages';
import { CALL_PHASES } from './call-plan';

const call: PlannedCall = { prefix: 'r1-', index: 42, agent: '1007', startedAt: Date.UTC(2026, 10, 21, 9, 0), answeredAt: Date.UTC(2026, 10, 21, 9, 0, 5) };

describe('callMessage', () => {
  it('is a call message the wallboard accepts, for every phase', () => {
    for (const phase of CALL_PHASES) {
      const parsed = parseWebhookBody(JSON.stringify(callMessage(call, phase)));
      expect(parsed.ok && parsed.message.kind).toBe('call');
    }
  });
});

describe('cdrMessage', () => {
  it('is a CDR message of two records the wallboard accepts', () => {
    const parsed = parseWebhookBody(JSON.stringify(cdrMessage(call, call.startedAt + 65_000)));
    expect(parsed.ok && parsed.message.kind === 'cdr' && parsed.message.records.length).toBe(2);
  });
});

describe('phaseOfCallMessage', () => {
  it('reads back the call id and phase of each message', () => {
    const read = CALL_PHASES.map((phase) => phaseOfCallMessage(callMessage(call, phase)));
    expect(read).toEqual([0, 1, 2, 3].map((phase) => ({ id: 'r1-42', phase })));
  });

  it('returns null when the body is not a call message', () => {
    expect(phaseOfCallMessage({ state: 'ready' })).toBeNull();
  });
});

describe('indexOfCallId', () => {
  it('returns -1 when the id belongs to another run', () => {
    expect([indexOfCallId('r1-', 'r1-42'), indexOfCallId('r1-', 'r2-42'), indexOfCallId('r1-', 'r1-x')]).toEqual([42, -1, -1]);
  });
});
