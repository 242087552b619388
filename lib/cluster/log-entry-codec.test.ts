import { describe, expect, it } from 'vitest';
import type { CallEvent, CdrRecord } from '@/lib/telephony';
import { compareStreamIds, decodeLogEntry, decodeStreamEntry, encodeLogEntry } from './log-entry-codec';
import type { LogEntry } from './log-entry-schemas';

const at = Date.UTC(2026, 10, 21, 9, 0);

const event: CallEvent = {
  onNet: false,
  from: { callId: 'c-1', id: '+447700900001', state: 'active', user: null, domain: null, name: 'Jane Roe', isHuman: null },
  to: { callId: 'q-1', id: 'sip:Sales@acme', state: 'active', user: 'Sales', domain: 'acme', name: null, isHuman: false },
  timeStart: at,
  timeAnswer: null,
  byCallId: null,
};

const record: CdrRecord = {
  from: { callId: 'c-1', id: '+447700900001', user: null, domain: null, name: 'Jane Roe' },
  to: { callId: 'a-1', id: null, user: '101', domain: 'acme', name: null },
  startTime: at,
  answerTime: at + 20_000,
  endTime: at + 80_000,
  durationSeconds: 60,
};

const entries: LogEntry[] = [
  { kind: 'call', at, event },
  { kind: 'cdrs', at, records: [record] },
  { kind: 'init', at, state: 'ready' },
  { kind: 'duplicate', at },
  { kind: 'stats', at, fence: 3, stats: [{ queue: 'Sales', callsWaiting: 1, avgWaitSeconds: 4, maxWaitSeconds: 9, numAgents: 4, availableAgents: 2, unavailableAgents: 1 }] },
  {
    kind: 'health',
    at,
    fence: 3,
    health: {
      stats: { pollMs: 15_000, lastSuccessAt: at, lastAttemptAt: at, failingSince: null, lastError: null, nextPollAt: at + 15_000 },
      subscription: { id: '6344586510223179', phase: 'ready', expiresAt: at + 86_400_000, lastEventAt: at, error: null },
      token: { ok: true, error: null },
    },
    signingSecret: null,
  },
  { kind: 'settings', thresholds: true, alerts: false },
];

describe('decodeStreamEntry', () => {
  it.each(entries.map((entry) => [entry.kind, entry] as const))('gives back a %s entry as it was encoded', (_, entry) => {
    expect(decodeStreamEntry('1-0', ['e', encodeLogEntry(entry)])).toEqual({ ok: true, id: '1-0', entry });
  });

  it('finds the entry among other fields', () => {
    expect(decodeStreamEntry('1-0', ['x', 'ignored', 'e', encodeLogEntry({ kind: 'duplicate', at })])).toEqual({ ok: true, id: '1-0', entry: { kind: 'duplicate', at } });
  });

  it('reports an entry without the entry field', () => {
    expect(decodeStreamEntry('7-1', ['x', '{}'])).toEqual({ ok: false, id: '7-1', reason: 'no e field' });
  });

  it('does not take a value for the field name when fields are out of step', () => {
    expect(decodeStreamEntry('7-1', ['x', 'e'])).toEqual({ ok: false, id: '7-1', reason: 'no e field' });
  });
});

describe('decodeLogEntry', () => {
  it('reports text that is not JSON', () => {
    expect(decodeLogEntry('2-0', '{"kind":')).toEqual({ ok: false, id: '2-0', reason: 'not JSON' });
  });

  it('reports an entry of a kind this version does not know', () => {
    const decoded = decodeLogEntry('2-0', JSON.stringify({ kind: 'reboot', at }));
    expect(decoded.ok).toBe(false);
  });

  it('refuses a stats entry without a fencing token', () => {
    const decoded = decodeLogEntry('2-0', JSON.stringify({ kind: 'stats', at, stats: [] }));
    expect(decoded).toMatchObject({ ok: false, reason: expect.stringContaining('fence') });
  });

  it('refuses a CDR entry with no records: only newly stored records are appended', () => {
    const decoded = decodeLogEntry('2-0', JSON.stringify({ kind: 'cdrs', at, records: [] }));
    expect(decoded).toMatchObject({ ok: false, reason: expect.stringContaining('records') });
  });

  it('refuses a call event whose leg state is unknown', () => {
    const broken = { kind: 'call', at, event: { ...event, to: { ...event.to, state: 'on-hold' } } };
    expect(decodeLogEntry('2-0', JSON.stringify(broken))).toMatchObject({ ok: false, reason: expect.stringContaining('state') });
  });
});

describe('compareStreamIds', () => {
  it('orders by time first, then by sequence within the same millisecond', () => {
    expect(compareStreamIds('1700000000000-5', '1700000000001-0')).toBeLessThan(0);
    expect(compareStreamIds('1700000000001-10', '1700000000001-9')).toBeGreaterThan(0);
    expect(compareStreamIds('1700000000001-9', '1700000000001-9')).toBe(0);
  });

  it('compares numerically, not as text', () => {
    expect(compareStreamIds('999-0', '1000-0')).toBeLessThan(0);
  });
});
