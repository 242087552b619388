/**
 * A third-party OAuth client (panva/oauth4webapi) against the service: if a
 * strict RFC 6749/7636 client is satisfied, so is any client written to them.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, openSignInPage, startTestPbx, submitSignIn, type TestPbx } from './harness';

describe('oauth4webapi against the service', () => {
  let pbx: TestPbx;
  let as: oauth.AuthorizationServer;
  const client: oauth.Client = { client_id: ACME.app.clientId };
  const clientAuth = oauth.ClientSecretPost(ACME.app.clientSecret);
  // The sandbox listens on plain HTTP on loopback.
  const options = { [oauth.allowInsecureRequests]: true };

  beforeAll(async () => {
    pbx = await startTestPbx();
    as = {
      issuer: pbx.url,
      authorization_endpoint: `${pbx.url}/oauth/authorize/`,
      token_endpoint: `${pbx.url}/api/oauth/token/`,
    };
  });
  afterAll(() => pbx.close());

  it('completes the client credentials grant and calls the API with the token', async () => {
    const response = await oauth.clientCredentialsGrantRequest(as, client, clientAuth, {}, options);
    const tokens = await oauth.processClientCredentialsResponse(as, client, response);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3599, scope: 'Company' });
    expect(tokens.refresh_token).toBeUndefined();

    const stats = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL(`${pbx.url}/api/call_queues/stats/live/`),
      new Headers({ accept: 'application/vnd.service.v1.4.0+json' }),
      null,
      options,
    );
    expect(stats.status).toBe(201);
  });

  it('reads the RFC 6749 error when the client secret is wrong', async () => {
    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretPost('wrong'), {}, options);
    const failure = await oauth.processClientCredentialsResponse(as, client, response).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(oauth.ResponseBodyError);
    expect(failure).toMatchObject({ status: 400, error: 'invalid_client', error_description: 'client authentication failed' });
  });

  it('completes the authorization code flow with PKCE through the sign-in page, then refreshes', async () => {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint ?? '');
    authorizationUrl.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: ACME.app.redirectUri,
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    }).toString();

    const form = await openSignInPage(authorizationUrl.href);
    const signedIn = await submitSignIn(form, { username: 'sam', password: 'demo1234' });
    expect(signedIn.status).toBe(302);
    const callback = oauth.validateAuthResponse(as, client, new URL(signedIn.headers.get('location') ?? ''), state);

    const tokenResponse = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, callback, ACME.app.redirectUri, codeVerifier, options);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse);
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'Call Center Supervisor', user_id: '5001' });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const me = await oauth.protectedResourceRequest(tokens.access_token, 'GET', new URL(`${pbx.url}/api/users/current/`), new Headers(), null, options);
    expect(await me.json()).toMatchObject({ username: 'sam', extension: '200', role: 'Call Center Supervisor' });

    const refreshResponse = await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token ?? '', options);
    const refreshed = await oauth.processRefreshTokenResponse(as, client, refreshResponse);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toBe(tokens.refresh_token);
  });

  it('authenticates with HTTP Basic as well', async () => {
    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(ACME.app.clientSecret), {}, options);
    expect((await oauth.processClientCredentialsResponse(as, client, response)).access_token).toEqual(expect.any(String));
  });
});
