import { describe, expect, it } from 'vitest';
import { parseWebhookBody } from './parse-webhook-body';

const callWire = {
  on_net: false,
  from: {
    id: '+15551230000',
    call_id: 'c-1',
    state: 'active',
    user: null,
    domain: null,
    name: 'Ann Caller',
  },
  to: { id: null, call_id: 'c-2', state: 'active', user: 'sales', domain: 'acme', is_human: false },
  time_start: '2026-11-21 10:00:00',
  time_answer: null,
  by_call_id: null,
};

const cdrWire = {
  from: { call_id: 'c-1', domain: null, name: 'Ann Caller', id: '+15551230000', user: null },
  to: { call_id: 'c-3', domain: 'acme', id: null, user: '101' },
  start_time: 'Sat, 21 Nov 2026 10:00:00 +0000',
  answer_time: 'Sat, 21 Nov 2026 10:00:30 +0000',
  end_time: 'Sat, 21 Nov 2026 10:02:30 +0000',
  duration: 150,
};

function parse(body: unknown) {
  return parseWebhookBody(JSON.stringify(body));
}

function messageOf(result: ReturnType<typeof parseWebhookBody>) {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.message}`);
  return result.message;
}

function errorOf(result: ReturnType<typeof parseWebhookBody>) {
  if (result.ok) throw new Error(`expected an error, got ${result.message.kind}`);
  return result.error;
}

describe('parseWebhookBody', () => {
  it('returns an init message when the body has msg and state', () => {
    expect(messageOf(parse({ msg: 'Preparing subscription for: calls', state: 'preparing' }))).toEqual({
      kind: 'init',
      state: 'preparing',
      msg: 'Preparing subscription for: calls',
    });
    const ready = messageOf(parse({ msg: 'You have been subscribed to your requested subscriptions.', state: 'ready' }));
    expect(ready).toMatchObject({ kind: 'init', state: 'ready' });
  });

  it('returns the normalised call event when the body has the calls wrapper', () => {
    expect(messageOf(parse({ calls: callWire }))).toEqual({
      kind: 'call',
      event: {
        onNet: false,
        from: {
          callId: 'c-1',
          id: '+15551230000',
          state: 'active',
          user: null,
          domain: null,
          name: 'Ann Caller',
          isHuman: null,
        },
        to: { callId: 'c-2', id: null, state: 'active', user: 'sales', domain: 'acme', name: null, isHuman: false },
        timeStart: Date.UTC(2026, 10, 21, 10, 0, 0),
        timeAnswer: null,
        byCallId: null,
      },
    });
  });

  it('returns the same call event when the body has no calls wrapper', () => {
    expect(messageOf(parse(callWire))).toEqual(messageOf(parse({ calls: callWire })));
  });

  it('turns to.user into a string when the service sends an integer', () => {
    const body = { calls: { ...callWire, to: { ...callWire.to, user: 101, is_human: true } } };
    const message = messageOf(parse(body));
    expect(message.kind === 'call' && message.event.to.user).toBe('101');
  });

  it('reads time_answer and by_call_id when they are set', () => {
    const body = { calls: { ...callWire, time_answer: '2026-11-21 10:00:09', by_call_id: 'c-0' } };
    const message = messageOf(parse(body));
    expect(message.kind === 'call' && message.event.timeAnswer).toBe(Date.UTC(2026, 10, 21, 10, 0, 9));
    expect(message.kind === 'call' && message.event.byCallId).toBe('c-0');
  });

  it('treats absent nullable fields as null when the spec does not require them', () => {
    const { id: _id, domain: _domain, ...from } = callWire.from;
    const { time_answer: _answer, by_call_id: _by, ...rest } = callWire;
    const message = messageOf(parse({ calls: { ...rest, from } }));
    expect(message.kind === 'call' && message.event.from).toMatchObject({ id: null, domain: null });
    expect(message.kind === 'call' && message.event).toMatchObject({ timeAnswer: null, byCallId: null });
  });

  it('rejects a call when from has no name or to has no is_human', () => {
    const { name: _name, ...fromWithoutName } = callWire.from;
    const { is_human: _human, ...toWithoutHuman } = callWire.to;
    expect(errorOf(parse({ calls: { ...callWire, from: fromWithoutName } })).issues).toEqual([
      'calls.from.name: Invalid input: expected string, received undefined',
    ]);
    expect(errorOf(parse({ calls: { ...callWire, to: toWithoutHuman } })).issues).toEqual([
      'calls.to.is_human: Invalid input: expected boolean, received undefined',
    ]);
  });

  it('rejects a call when a state or time is not one the spec knows', () => {
    const badState = errorOf(parse({ calls: { ...callWire, to: { ...callWire.to, state: 'held' } } }));
    expect(badState.code).toBe('invalid_body');
    expect(badState.issues[0]).toMatch(/^calls\.to\.state: /);
    const badTime = errorOf(parse({ calls: { ...callWire, time_start: '2026-11-21T10:00:00Z' } }));
    expect(badTime.issues).toEqual(['calls.time_start: expected YYYY-MM-DD HH:MM:SS']);
  });

  it('returns the normalised records when the body is a CDR array', () => {
    expect(messageOf(parse([cdrWire]))).toEqual({
      kind: 'cdr',
      records: [
        {
          from: { callId: 'c-1', id: '+15551230000', user: null, domain: null, name: 'Ann Caller' },
          to: { callId: 'c-3', id: null, user: '101', domain: 'acme', name: null },
          startTime: Date.UTC(2026, 10, 21, 10, 0, 0),
          answerTime: Date.UTC(2026, 10, 21, 10, 0, 30),
          endTime: Date.UTC(2026, 10, 21, 10, 2, 30),
          durationSeconds: 150,
        },
      ],
    });
  });

  it('returns a null answerTime when a CDR leg was never answered', () => {
    const message = messageOf(parse([{ ...cdrWire, answer_time: null }]));
    expect(message.kind === 'cdr' && message.records[0]?.answerTime).toBeNull();
  });

  it('accepts a CDR body when its dates are unquoted as in the published sample', () => {
    const text = JSON.stringify([cdrWire], null, 2).replace(/"(\w{3}, \d{2} \w{3} \d{4} [\d:]{8} \+0000)"/g, '$1');
    expect(() => JSON.parse(text)).toThrow();
    expect(messageOf(parseWebhookBody(text))).toEqual(messageOf(parse([cdrWire])));
  });

  it('accepts the body when it arrives as a Buffer', () => {
    expect(messageOf(parseWebhookBody(Buffer.from(JSON.stringify({ state: 'ready', msg: '' }))))).toMatchObject({
      kind: 'init',
      state: 'ready',
    });
  });

  it('rejects a CDR record when a date is not in the RFC 2822 form', () => {
    const error = errorOf(parse([{ ...cdrWire, end_time: '2026-11-21 10:02:30' }]));
    expect(error.issues).toEqual(['0.end_time: expected an RFC 2822 date such as "Tue, 21 Nov 2026 10:00:00 +0000"']);
  });

  it('rejects the body with invalid_json when it is not JSON even after the date repair', () => {
    const error = errorOf(parseWebhookBody('{"state": ready}'));
    expect(error.code).toBe('invalid_json');
    expect(error.message).toBe('webhook body is not JSON');
  });

  it('rejects the body with invalid_body when it is JSON of no known kind', () => {
    expect(errorOf(parse({ hello: 'world' }))).toMatchObject({
      code: 'invalid_body',
      message: 'webhook body is not an init, call or CDR message',
      issues: ['(root): keys hello'],
    });
    expect(errorOf(parse('text'))).toMatchObject({ code: 'invalid_body' });
    expect(errorOf(parse({ state: 'finished', msg: '' })).issues[0]).toMatch(/^state: /);
  });
});
