import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACME,
  GLOBEX,
  authorizeUrl,
  exchangeCode,
  hiddenCsrfToken,
  openSignInPage,
  startTestPbx,
  submitSignIn,
  type TestPbx,
} from './harness';

const demoRequest = { response_type: 'code', client_id: ACME.app.clientId, redirect_uri: ACME.app.redirectUri };

describe('GET /oauth/authorize/', () => {
  let pbx: TestPbx;
  beforeAll(async () => {
    pbx = await startTestPbx();
  });
  afterAll(() => pbx.close());

  it.each([['/oauth/authorize/'], ['/api/oauth/authorize/']])('shows the sign-in form on %s without a bearer token', async (path) => {
    const response = await fetch(authorizeUrl(pbx, { ...demoRequest, state: 'xyz' }, path));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('set-cookie')).toMatch(/^pbx_signin_nonce=[\w-]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const html = await response.text();
    expect(html).toContain('Acme Support Ltd');
    expect(html).toContain('<strong>Wallboard</strong> is asking');
    expect(html).toMatch(/<input id="username" name="username"[^>]*autofocus/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(hiddenCsrfToken(html)).toMatch(/^[\w-]{43}$/);
  });

  it('escapes the request URL in the page when the query carries raw markup', async () => {
    // fetch would percent-encode the quote and brackets; a raw client need not.
    const path = `/oauth/authorize/?${new URLSearchParams(demoRequest)}&state="><script>alert(1)</script>`;
    const html = await rawGet(new URL(pbx.url), path);
    expect(html).not.toContain('<script>');
    expect(html).toContain('state=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    ['client_id is missing', { ...demoRequest, client_id: '' }, 'client_id is missing'],
    ['the client is unknown', { ...demoRequest, client_id: 'nobody' }, 'is not registered with this service'],
    ['redirect_uri is missing', { ...demoRequest, redirect_uri: '' }, 'has no redirect_uri'],
    ['redirect_uri differs', { ...demoRequest, redirect_uri: 'http://evil.test/cb' }, 'does not match the one registered'],
    ['redirect_uri is another client’s', { ...demoRequest, redirect_uri: GLOBEX.app.redirectUri }, 'does not match the one registered'],
    ['response_type is token', { ...demoRequest, response_type: 'token' }, 'response_type must be code'],
    ['PKCE asks for plain', { ...demoRequest, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }, 'plain is refused'],
    ['a challenge has no method', { ...demoRequest, code_challenge: 'a'.repeat(43) }, 'plain is refused'],
    ['a method has no challenge', { ...demoRequest, code_challenge_method: 'S256' }, 'without a code_challenge'],
    ['the challenge is malformed', { ...demoRequest, code_challenge: 'short', code_challenge_method: 'S256' }, 'not a valid S256 challenge'],
  ])('shows an error page without redirecting when %s', async (_case, params, problem) => {
    const response = await fetch(authorizeUrl(pbx, params), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('This sign-in link is not valid');
    expect(html).toContain(problem);
    expect(html).not.toContain('name="password"');
  });
});

describe('POST /oauth/authorize/', () => {
  let pbx: TestPbx;
  beforeAll(async () => {
    pbx = await startTestPbx();
  });
  afterAll(() => pbx.close());

  it('redirects to the registered redirect_uri with a code and the unchanged state', async () => {
    const state = 'a b&c=d/é"<';
    const form = await openSignInPage(authorizeUrl(pbx, { ...demoRequest, state }));
    const response = await submitSignIn(form, { username: 'sam', password: 'demo1234' });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(ACME.app.redirectUri);
    expect(location.searchParams.get('state')).toBe(state);
    expect((await exchangeCode(pbx, location.searchParams.get('code') ?? '')).status).toBe(200);
  });

  it('redirects without a state when the client sent none', async () => {
    const form = await openSignInPage(authorizeUrl(pbx, demoRequest, '/api/oauth/authorize/'));
    const location = new URL((await submitSignIn(form, { username: 'alice', password: 'demo1234' })).headers.get('location') ?? '');
    expect([...location.searchParams.keys()]).toEqual(['code']);
  });

  it('signs in when the username differs only in case', async () => {
    const form = await openSignInPage(authorizeUrl(pbx, demoRequest));
    expect((await submitSignIn(form, { username: ' Bob ', password: 'demo1234' })).status).toBe(302);
  });

  it.each([
    ['the password is wrong', { username: 'carmen', password: 'wrong' }],
    ['the user is unknown', { username: 'nobody', password: 'demo1234' }],
    ['the user belongs to another company', { username: 'gina', password: 'demo1234' }],
  ])('shows the form again with 401, a message and the username when %s', async (_case, credentials) => {
    const form = await openSignInPage(authorizeUrl(pbx, demoRequest));
    const response = await submitSignIn(form, credentials);
    expect(response.status).toBe(401);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<p class="alert" role="alert">The username or password is incorrect.</p>');
    expect(html).toContain(`value="${credentials.username}"`);
    expect(html).toMatch(/<input id="password"[^>]*autofocus/);
  });

  it('escapes the username it shows back', async () => {
    const form = await openSignInPage(authorizeUrl(pbx, demoRequest));
    const html = await (await submitSignIn(form, { username: '"><b>x</b>', password: 'wrong' })).text();
    expect(html).toContain('value="&quot;&gt;&lt;b&gt;x&lt;/b&gt;"');
  });

  it('asks for both fields with 400 when one is empty', async () => {
    const form = await openSignInPage(authorizeUrl(pbx, demoRequest));
    const response = await submitSignIn(form, { username: 'sam', password: '' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Enter your username and password.');
  });

  it.each([
    ['the CSRF cookie is missing', (form: { cookie: string; csrfToken: string }) => ({ ...form, cookie: '' })],
    ['the CSRF field is forged', (form: { cookie: string; csrfToken: string }) => ({ ...form, csrfToken: 'x'.repeat(43) })],
    ['the cookie belongs to another form', (form: { cookie: string; csrfToken: string }) => ({ ...form, cookie: 'pbx_signin_nonce=AAAAAAAAAAAAAAAAAAAAAA' })],
  ])('refuses the sign-in with 403 when %s', async (_case, tamper) => {
    const form = await openSignInPage(authorizeUrl(pbx, demoRequest));
    const response = await submitSignIn({ ...form, ...tamper(form) }, { username: 'sam', password: 'demo1234' });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('This sign-in form has expired. Please sign in again.');
  });

  it('shows an error page and never redirects when the posted request names an unknown client', async () => {
    const form = await openSignInPage(authorizeUrl(pbx, demoRequest));
    const response = await submitSignIn({ ...form, url: authorizeUrl(pbx, { ...demoRequest, client_id: 'nobody' }) }, {
      username: 'sam',
      password: 'demo1234',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('locks a username out for 15 minutes after 5 failures from one address, leaving others alone', async () => {
    const form = await openSignInPage(authorizeUrl(pbx, demoRequest));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await submitSignIn(form, { username: 'dev', password: 'wrong' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);

    const locked = await submitSignIn(form, { username: 'dev', password: 'demo1234' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('900');
    expect(await locked.text()).toContain('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect((await submitSignIn(form, { username: 'erin', password: 'demo1234' })).status).toBe(302);

    pbx.clock.advance(15 * 60_000);
    expect((await submitSignIn(form, { username: 'dev', password: 'demo1234' })).status).toBe(302);
  });
});

function rawGet(base: URL, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ hostname: base.hostname, port: base.port, path }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    }).on('error', reject);
  });
}
