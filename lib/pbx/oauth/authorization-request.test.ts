import { beforeAll, describe, expect, it } from 'vitest';
import { createDirectory, type Directory } from '../directory';
import { checkAuthorizationRequest } from './authorization-request';

const app = { name: 'App', clientId: 'app', clientSecret: 'a-secret-of-16-chars', redirectUri: 'https://app.test/cb' };
const valid = { response_type: 'code', client_id: 'app', redirect_uri: 'https://app.test/cb' };
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('checkAuthorizationRequest', () => {
  let directory: Directory;
  beforeAll(async () => {
    directory = await createDirectory({
      companies: [
        {
          id: 'c1',
          name: 'Company',
          domain: 'c1.test',
          timeZone: 'UTC',
          apps: [app],
          queues: [],
          users: [{ id: 'u1', username: 'user', password: 'pass1234', name: 'User', extension: '100', role: 'Basic User' }],
        },
      ],
    });
  });

  it('accepts a request without state or PKCE', () => {
    expect(checkAuthorizationRequest(directory, valid)).toEqual({
      ok: true,
      request: {
        client: { clientId: 'app', name: 'App', redirectUri: 'https://app.test/cb', companyId: 'c1', companyName: 'Company' },
        redirectUri: 'https://app.test/cb',
        state: null,
        codeChallenge: null,
      },
    });
  });

  it('keeps the state and the S256 challenge', () => {
    const check = checkAuthorizationRequest(directory, { ...valid, state: 's t', code_challenge: challenge, code_challenge_method: 'S256' });
    expect(check).toMatchObject({ ok: true, request: { state: 's t', codeChallenge: challenge } });
  });

  it.each([
    ['the redirect_uri differs only by a trailing slash', { ...valid, redirect_uri: 'https://app.test/cb/' }, 'does not match'],
    ['the redirect_uri differs only in case', { ...valid, redirect_uri: 'https://APP.test/cb' }, 'does not match'],
    ['a parameter is repeated', { ...valid, client_id: ['app', 'app'] }, 'client_id was sent more than once'],
    ['response_type is missing', { client_id: 'app', redirect_uri: 'https://app.test/cb' }, 'response_type must be code'],
  ])('refuses when %s', (_case, query, problem) => {
    const check = checkAuthorizationRequest(directory, query);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.problem).toContain(problem);
  });
});
