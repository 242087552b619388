import { describe, expect, it } from 'vitest';
import { CurrentUserWire, QueueStatsList, SubscriptionCreated, SubscriptionRead, TokenResponse } from './schemas';

const statsEntry = {
  queue: 'sales',
  calls_waiting: 2,
  avg_wait: 30,
  max_wait: 45,
  num_agents: 5,
  available_agents: 2,
  unavailable_agents: 1,
};

describe('QueueStatsList', () => {
  it('returns normalised entries when the service sends the spec fields', () => {
    expect(QueueStatsList.parse([statsEntry])).toEqual([
      {
        queue: 'sales',
        callsWaiting: 2,
        avgWaitSeconds: 30,
        maxWaitSeconds: 45,
        numAgents: 5,
        availableAgents: 2,
        unavailableAgents: 1,
      },
    ]);
  });

  it('turns a numeric queue identifier into a string', () => {
    expect(QueueStatsList.parse([{ ...statsEntry, queue: 700 }])[0]?.queue).toBe('700');
  });

  it('rejects an entry when a count is missing or not a whole number', () => {
    const { calls_waiting: _missing, ...withoutWaiting } = statsEntry;
    expect(QueueStatsList.safeParse([withoutWaiting]).success).toBe(false);
    expect(QueueStatsList.safeParse([{ ...statsEntry, avg_wait: 1.5 }]).success).toBe(false);
    expect(QueueStatsList.safeParse({ ...statsEntry }).success).toBe(false);
  });
});

describe('SubscriptionCreated', () => {
  it('returns a subscription when the creation response has a string id and an events object', () => {
    expect(
      SubscriptionCreated.parse({
        id: '1234567890123456',
        post_uri: 'https://wallboard.example/hook',
        expires: '2026-11-22T10:00:00.000000',
        events: { type: 'calls' },
      }),
    ).toEqual({
      id: '1234567890123456',
      postUri: 'https://wallboard.example/hook',
      expiresAt: Date.UTC(2026, 10, 22, 10, 0, 0),
      events: [{ type: 'calls', user: null }],
      secret: null,
    });
  });

  it('keeps the signing secret when the sandbox returns one', () => {
    const created = SubscriptionCreated.parse({
      id: '1',
      post_uri: 'https://wallboard.example/hook',
      expires: '2026-11-22T10:00:00',
      events: [{ type: 'calls' }, { type: 'cdrs' }],
      secret: 'whsec_abc',
    });
    expect(created.secret).toBe('whsec_abc');
    expect(created.events).toEqual([
      { type: 'calls', user: null },
      { type: 'cdrs', user: null },
    ]);
  });

  it('rejects a response when expires is not an ISO-8601 UTC time', () => {
    const result = SubscriptionCreated.safeParse({
      id: '1',
      post_uri: 'https://wallboard.example/hook',
      expires: 'tomorrow',
      events: { type: 'calls' },
    });
    expect(result.success).toBe(false);
  });
});

describe('SubscriptionRead', () => {
  it('returns a subscription when the read response has a numeric id and an events array with users', () => {
    expect(
      SubscriptionRead.parse({
        id: 1234567890123456,
        post_uri: 'https://wallboard.example/hook',
        expires: '2026-11-22T10:00:00.500000',
        events: [{ type: 'calls', user: '101' }, { type: 'calls', user: 102 }],
      }),
    ).toEqual({
      id: '1234567890123456',
      postUri: 'https://wallboard.example/hook',
      expiresAt: Date.UTC(2026, 10, 22, 10, 0, 0, 500),
      events: [
        { type: 'calls', user: '101' },
        { type: 'calls', user: '102' },
      ],
    });
  });
});

describe('TokenResponse', () => {
  it('reads expires_in when it is a number or a numeric string', () => {
    const base = { access_token: 'at', token_type: 'Bearer', scope: '' };
    expect(TokenResponse.parse({ ...base, expires_in: 3599 }).expires_in).toBe(3599);
    expect(TokenResponse.parse({ ...base, expires_in: '3599' }).expires_in).toBe(3599);
  });

  it('rejects a response when expires_in is not a count of seconds', () => {
    expect(TokenResponse.safeParse({ access_token: 'at', expires_in: 'soon' }).success).toBe(false);
    expect(TokenResponse.safeParse({ access_token: 'at', expires_in: -1 }).success).toBe(false);
  });
});

describe('CurrentUserWire', () => {
  it('returns a user with null fields when the service leaves them out', () => {
    expect(CurrentUserWire.parse({ id: 17, username: 'ann' })).toEqual({
      id: '17',
      username: 'ann',
      extension: null,
      domain: null,
      displayName: null,
      role: null,
      companyId: null,
    });
  });

  it('returns every field when the service sends them all', () => {
    expect(
      CurrentUserWire.parse({
        id: 'u-1',
        username: 'ann',
        extension: 101,
        domain: 'acme',
        display_name: 'Ann Agent',
        role: 'supervisor',
        company_id: 'acme',
      }),
    ).toEqual({
      id: 'u-1',
      username: 'ann',
      extension: '101',
      domain: 'acme',
      displayName: 'Ann Agent',
      role: 'supervisor',
      companyId: 'acme',
    });
  });

  it('rejects a user when the id is missing', () => {
    expect(CurrentUserWire.safeParse({ username: 'ann' }).success).toBe(false);
  });
});
