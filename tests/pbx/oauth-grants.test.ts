import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  GLOBEX,
  authorizationCode,
  exchangeCode,
  getApi,
  postForm,
  requestToken,
  startTestPbx,
  type TestPbx,
} from './harness';

const HOUR_MS = 3_600_000;

async function oauthError(response: Response) {
  return { status: response.status, body: await response.json() };
}

function tokenOf(body: unknown): { access_token: string; refresh_token?: string } {
  return body as { access_token: string; refresh_token?: string };
}

function refresh(pbx: TestPbx, refreshToken: string, app = ACME.app) {
  return requestToken(pbx, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
}

async function currentUserStatus(pbx: TestPbx, accessToken: string): Promise<number> {
  return (await getApi(pbx, '/api/users/current/', accessToken)).status;
}

describe('POST /api/oauth/token/', () => {
  let pbx: TestPbx;
  beforeAll(async () => {
    pbx = await startTestPbx();
  });
  afterAll(() => pbx.close());

  describe('client_credentials', () => {
    it('issues a company-wide bearer token for an hour when the client authenticates in the form', async () => {
      const response = await requestToken(pbx, {
        grant_type: 'client_credentials',
        client_id: ACME.app.clientId,
        client_secret: ACME.app.clientSecret,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('pragma')).toBe('no-cache');
      const body = await response.json();
      expect(body).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        scope: 'Company',
        token_type: 'Bearer',
        expires_in: 3599,
        expires: new Date(pbx.clock.now() + HOUR_MS).toISOString().replace('Z', '000'),
        user_id: null,
      });
      expect(body.expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    });

    it('issues a token when the client authenticates with HTTP Basic', async () => {
      const basic = Buffer.from(`${ACME.app.clientId}:${ACME.app.clientSecret}`).toString('base64');
      const response = await postForm(`${pbx.url}/api/oauth/token/`, { grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
      expect(response.status).toBe(200);
    });

    it.each([
      ['the secret is wrong', { client_id: ACME.app.clientId, client_secret: 'not-the-secret' }, 'client authentication failed'],
      ['the client is unknown', { client_id: 'nobody', client_secret: ACME.app.clientSecret }, 'client authentication failed'],
      ['the secret is missing', { client_id: ACME.app.clientId }, 'client_id and client_secret are required'],
      ['no credentials are sent', {}, 'client_id and client_secret are required'],
    ])('answers 400 invalid_client without a challenge when %s', async (_case, credentials, description) => {
      const response = await requestToken(pbx, { grant_type: 'client_credentials', ...credentials });
      expect(response.headers.get('www-authenticate')).toBeNull();
      expect(await oauthError(response)).toEqual({ status: 400, body: { error: 'invalid_client', error_description: description } });
    });

    it.each([
      ['the Basic secret is wrong', Buffer.from(`${ACME.app.clientId}:wrong`).toString('base64'), 'client authentication failed'],
      ['the Basic credentials have no colon', Buffer.from(ACME.app.clientId).toString('base64'), 'malformed Basic credentials'],
    ])('answers 401 invalid_client with a Basic challenge when %s', async (_case, basic, description) => {
      const response = await postForm(`${pbx.url}/api/oauth/token/`, { grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="oauth"');
      expect(await oauthError(response)).toEqual({ status: 401, body: { error: 'invalid_client', error_description: description } });
    });
  });

  describe('request errors', () => {
    it('answers invalid_request when grant_type is missing', async () => {
      const response = await requestToken(pbx, { client_id: ACME.app.clientId, client_secret: ACME.app.clientSecret });
      expect(await oauthError(response)).toEqual({
        status: 400,
        body: { error: 'invalid_request', error_description: "missing required parameter 'grant_type'" },
      });
    });

    it('answers unsupported_grant_type when the grant is not one of the three', async () => {
      const response = await requestToken(pbx, { grant_type: 'password', client_id: ACME.app.clientId, client_secret: ACME.app.clientSecret });
      expect(await oauthError(response)).toEqual({
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'the grant_type is not supported' },
      });
    });

    it('answers invalid_request when a parameter is repeated', async () => {
      const response = await fetch(`${pbx.url}/api/oauth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=client_credentials&client_id=${ACME.app.clientId}&client_id=other&client_secret=${ACME.app.clientSecret}`,
      });
      expect(await oauthError(response)).toEqual({
        status: 400,
        body: { error: 'invalid_request', error_description: "parameter 'client_id' must not be repeated" },
      });
    });

    it('answers invalid_request when the body is JSON instead of a form', async () => {
      const response = await fetch(`${pbx.url}/api/oauth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: ACME.app.clientId, client_secret: ACME.app.clientSecret }),
      });
      expect(await oauthError(response)).toEqual({
        status: 400,
        body: { error: 'invalid_request', error_description: 'the request body must be application/x-www-form-urlencoded' },
      });
    });

    it('answers invalid_request when the client uses two authentication methods', async () => {
      const basic = Buffer.from(`${ACME.app.clientId}:${ACME.app.clientSecret}`).toString('base64');
      const response = await postForm(
        `${pbx.url}/api/oauth/token/`,
        { grant_type: 'client_credentials', client_secret: ACME.app.clientSecret },
        { authorization: `Basic ${basic}` },
      );
      expect(await oauthError(response)).toEqual({
        status: 400,
        body: { error: 'invalid_request', error_description: 'client authentication must use only one method' },
      });
    });
  });

  describe('authorization_code', () => {
    it('issues a user token and a refresh token whose scope is the user role', async () => {
      const response = await exchangeCode(pbx, await authorizationCode(pbx));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        access_token: expect.any(String),
        scope: 'Call Center Supervisor',
        token_type: 'Bearer',
        expires_in: 3599,
        expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/),
        refresh_token: expect.any(String),
        user_id: '5001',
      });
    });

    it.each([
      ['olivia', 'Office Manager', '5002'],
      ['alice', 'Call Center User', '5101'],
      ['reception', 'Basic User', '5120'],
    ])('names the role of %s in the scope', async (username, role, userId) => {
      const code = await authorizationCode(pbx, {}, { username, password: 'demo1234' });
      const body = await (await exchangeCode(pbx, code)).json();
      expect(body).toMatchObject({ scope: role, user_id: userId });
    });

    it.each([['code'], ['redirect_uri']])('answers invalid_request when %s is missing', async (missing) => {
      const params: Record<string, string> = {
        grant_type: 'authorization_code',
        client_id: ACME.app.clientId,
        client_secret: ACME.app.clientSecret,
        code: 'some-code',
        redirect_uri: ACME.app.redirectUri,
      };
      delete params[missing];
      expect(await oauthError(await requestToken(pbx, params))).toEqual({
        status: 400,
        body: { error: 'invalid_request', error_description: `missing required parameter '${missing}'` },
      });
    });

    it('answers invalid_grant when the code is unknown', async () => {
      expect(await oauthError(await exchangeCode(pbx, 'no-such-code'))).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'authorization code is invalid or expired' },
      });
    });

    it('answers invalid_grant and leaves the code usable when redirect_uri differs from the registered one', async () => {
      const code = await authorizationCode(pbx);
      const mismatch = await exchangeCode(pbx, code, { redirect_uri: `${ACME.app.redirectUri}/` });
      expect(await oauthError(mismatch)).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'redirect_uri does not match the one of the authorization request' },
      });
      expect((await exchangeCode(pbx, code)).status).toBe(200);
    });

    it('answers invalid_grant when another client presents the code', async () => {
      const code = await authorizationCode(pbx);
      const response = await requestToken(pbx, {
        grant_type: 'authorization_code',
        client_id: GLOBEX.app.clientId,
        client_secret: GLOBEX.app.clientSecret,
        code,
        redirect_uri: ACME.app.redirectUri,
      });
      expect(await oauthError(response)).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'authorization code was issued to another client' },
      });
    });

    it('refuses a replayed code and revokes the tokens issued from it', async () => {
      const code = await authorizationCode(pbx);
      const first = tokenOf(await (await exchangeCode(pbx, code)).json());
      expect(await currentUserStatus(pbx, first.access_token)).toBe(200);

      expect(await oauthError(await exchangeCode(pbx, code))).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'authorization code has already been used' },
      });
      expect(await currentUserStatus(pbx, first.access_token)).toBe(401);
      expect(await oauthError(await refresh(pbx, first.refresh_token ?? ''))).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'refresh token is invalid, expired or revoked' },
      });
    });

    it('accepts a code until 60 seconds have passed', async () => {
      const code = await authorizationCode(pbx);
      pbx.clock.advance(59_999);
      expect((await exchangeCode(pbx, code)).status).toBe(200);
    });

    it('answers invalid_grant when the code is 60 seconds old', async () => {
      const code = await authorizationCode(pbx);
      pbx.clock.advance(60_000);
      expect(await oauthError(await exchangeCode(pbx, code))).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'authorization code is invalid or expired' },
      });
    });

    it('lets the access token work for an hour and no longer', async () => {
      const { access_token } = tokenOf(await (await exchangeCode(pbx, await authorizationCode(pbx))).json());
      pbx.clock.advance(HOUR_MS - 1);
      expect(await currentUserStatus(pbx, access_token)).toBe(200);
      pbx.clock.advance(1);
      expect(await currentUserStatus(pbx, access_token)).toBe(401);
    });
  });

  describe('PKCE', () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');

    it('issues tokens when the verifier matches the S256 challenge', async () => {
      const code = await authorizationCode(pbx, { code_challenge: challenge, code_challenge_method: 'S256' });
      expect((await exchangeCode(pbx, code, { code_verifier: verifier })).status).toBe(200);
    });

    it('answers invalid_grant when the verifier is wrong', async () => {
      const code = await authorizationCode(pbx, { code_challenge: challenge, code_challenge_method: 'S256' });
      const response = await exchangeCode(pbx, code, { code_verifier: randomBytes(32).toString('base64url') });
      expect(await oauthError(response)).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'PKCE verification failed' },
      });
    });

    it('answers invalid_grant when the code was issued with a challenge and no verifier comes', async () => {
      const code = await authorizationCode(pbx, { code_challenge: challenge, code_challenge_method: 'S256' });
      expect(await oauthError(await exchangeCode(pbx, code))).toEqual({
        status: 400,
        body: {
          error: 'invalid_grant',
          error_description: 'code_verifier is required: the authorization request had a code_challenge',
        },
      });
    });

    it('answers invalid_grant when a verifier comes for a code issued without a challenge', async () => {
      const code = await authorizationCode(pbx);
      expect(await oauthError(await exchangeCode(pbx, code, { code_verifier: verifier }))).toEqual({
        status: 400,
        body: {
          error: 'invalid_grant',
          error_description: 'code_verifier was sent but the authorization request had no code_challenge',
        },
      });
    });
  });

  describe('refresh_token without rotation', () => {
    it('issues a new access token and returns the same refresh token', async () => {
      const first = tokenOf(await (await exchangeCode(pbx, await authorizationCode(pbx))).json());
      const response = await refresh(pbx, first.refresh_token ?? '');
      expect(response.status).toBe(200);
      const second = await response.json();
      expect(second).toMatchObject({ scope: 'Call Center Supervisor', token_type: 'Bearer', expires_in: 3599, user_id: '5001' });
      expect(second.refresh_token).toBe(first.refresh_token);
      expect(second.access_token).not.toBe(first.access_token);
      expect(await currentUserStatus(pbx, second.access_token)).toBe(200);
      expect((await refresh(pbx, first.refresh_token ?? '')).status).toBe(200);
    });

    it('answers invalid_grant when another client presents the refresh token', async () => {
      const { refresh_token } = tokenOf(await (await exchangeCode(pbx, await authorizationCode(pbx))).json());
      expect(await oauthError(await refresh(pbx, refresh_token ?? '', GLOBEX.app))).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'refresh token was issued to another client' },
      });
    });

    it('answers invalid_request when refresh_token is missing', async () => {
      const response = await requestToken(pbx, {
        grant_type: 'refresh_token',
        client_id: ACME.app.clientId,
        client_secret: ACME.app.clientSecret,
      });
      expect(await oauthError(response)).toEqual({
        status: 400,
        body: { error: 'invalid_request', error_description: "missing required parameter 'refresh_token'" },
      });
    });

    it('refreshes for 90 days and then answers invalid_grant', async () => {
      const { refresh_token } = tokenOf(await (await exchangeCode(pbx, await authorizationCode(pbx))).json());
      pbx.clock.advance(90 * 24 * HOUR_MS - 1);
      expect((await refresh(pbx, refresh_token ?? '')).status).toBe(200);
      pbx.clock.advance(1);
      expect(await oauthError(await refresh(pbx, refresh_token ?? ''))).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'refresh token is invalid, expired or revoked' },
      });
    });
  });
});

describe('POST /api/oauth/token/ with short lifetimes and refresh rotation', () => {
  let pbx: TestPbx;
  beforeAll(async () => {
    pbx = await startTestPbx({
      lifetimes: { accessTokenSeconds: 30, refreshTokenSeconds: 120, authorizationCodeSeconds: 5 },
      refreshRotation: true,
    });
  });
  afterAll(() => pbx.close());

  it('reports and enforces the configured lifetimes', async () => {
    const code = await authorizationCode(pbx);
    pbx.clock.advance(5_000);
    expect((await exchangeCode(pbx, code)).status).toBe(400);

    const response = await exchangeCode(pbx, await authorizationCode(pbx));
    const body = await response.json();
    expect(body).toMatchObject({ expires_in: 29, expires: new Date(pbx.clock.now() + 30_000).toISOString().replace('Z', '000') });
    pbx.clock.advance(30_000);
    expect(await currentUserStatus(pbx, body.access_token)).toBe(401);
  });

  it('replaces the refresh token on each refresh', async () => {
    const first = tokenOf(await (await exchangeCode(pbx, await authorizationCode(pbx))).json());
    const second = tokenOf(await (await refresh(pbx, first.refresh_token ?? '')).json());
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const third = await refresh(pbx, second.refresh_token ?? '');
    expect(third.status).toBe(200);
  });

  it('revokes the whole grant when a replaced refresh token comes back', async () => {
    const first = tokenOf(await (await exchangeCode(pbx, await authorizationCode(pbx))).json());
    const second = tokenOf(await (await refresh(pbx, first.refresh_token ?? '')).json());

    expect(await oauthError(await refresh(pbx, first.refresh_token ?? ''))).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'refresh token has already been used' },
    });
    expect(await oauthError(await refresh(pbx, second.refresh_token ?? ''))).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'refresh token is invalid, expired or revoked' },
    });
    expect(await currentUserStatus(pbx, first.access_token)).toBe(401);
    expect(await currentUserStatus(pbx, second.access_token)).toBe(401);
  });

  it('keeps the grant lifetime of the first refresh token across rotations', async () => {
    const first = tokenOf(await (await exchangeCode(pbx, await authorizationCode(pbx))).json());
    pbx.clock.advance(100_000);
    const second = tokenOf(await (await refresh(pbx, first.refresh_token ?? '')).json());
    pbx.clock.advance(20_000);
    expect(await oauthError(await refresh(pbx, second.refresh_token ?? ''))).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'refresh token is invalid, expired or revoked' },
    });
  });
});
