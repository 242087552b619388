import { describe, expect, it } from 'vitest';
import { fetchCurrentUser, profileFrom } from './telephony-provider';

const alice = {
  id: '5101',
  username: 'alice',
  extension: '101',
  domain: 'acme.pbx.test',
  display_name: 'Alice Chen',
  role: 'Call Center User',
  company_id: '100200',
};

describe('fetchCurrentUser', () => {
  it('asks users/current with the person’s bearer token when sign-in needs the profile', async () => {
    let seen: { url: string; headers: Headers } | undefined;
    const user = await fetchCurrentUser(
      {
        baseUrl: 'http://pbx.test',
        fetch: async (input, init) => {
          seen = { url: String(input), headers: new Headers(init?.headers) };
          return Response.json(alice);
        },
      },
      'at-1',
    );
    expect(seen?.url).toBe('http://pbx.test/api/users/current/');
    expect(seen?.headers.get('authorization')).toBe('Bearer at-1');
    expect(user).toEqual(alice);
  });

  it('fails when the service refuses the token', async () => {
    const fetch = async () => Response.json({ status: 401, message: 'Unauthorized' }, { status: 401 });
    await expect(fetchCurrentUser({ baseUrl: 'http://pbx.test', fetch }, 'at-1')).rejects.toThrow('users/current answered 401');
  });
});

describe('profileFrom', () => {
  it('takes the role from the token scope and the rest from users/current when both agree on the user', () => {
    expect(profileFrom(alice, { scope: 'Call Center Supervisor', user_id: 5101 })).toEqual({
      id: '5101',
      name: 'Alice Chen',
      role: 'supervisor',
      extension: '101',
    });
  });

  it('falls back to the username when the service has no display name', () => {
    expect(profileFrom({ ...alice, display_name: '' }, { scope: 'Basic User', user_id: null })).toMatchObject({ name: 'alice', role: 'agent' });
  });

  it('gives role null when the scope is not one the wallboard admits', () => {
    expect(profileFrom(alice, { scope: 'Reseller' })).toMatchObject({ role: null });
  });

  it('throws when users/current describes someone other than the token’s user', () => {
    expect(() => profileFrom(alice, { scope: 'Call Center User', user_id: '5102' })).toThrow(
      'users/current answered for a different user than the token',
    );
  });
});
