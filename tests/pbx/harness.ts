/**
 * Starts the service on port 0 with a manual clock for over-HTTP tests, and
 * speaks to it the way a client would (form posts, the sign-in page).
 */
import { createManualClock, type ManualClock } from '@/lib/clock';
import { pbxOptionsFromEnv, startPbx, type PbxOptions, type RunningPbx } from '@/lib/pbx';

const demoOptions = pbxOptionsFromEnv({ PBX_PORT: '0', PBX_LOG_LEVEL: 'silent', PBX_SIMULATOR: 'off' });
const [acme, globex] = demoOptions.seed.companies;
if (!acme?.apps[0] || !globex?.apps[0]) throw new Error('the demo seed has two companies with an app each');
export const ACME = { company: acme, app: acme.apps[0] };
export const GLOBEX = { company: globex, app: globex.apps[0] };

export interface TestPbx extends RunningPbx {
  clock: ManualClock;
}

export async function startTestPbx(overrides: Partial<PbxOptions> = {}): Promise<TestPbx> {
  const clock = createManualClock();
  const pbx = await startPbx({ ...demoOptions, rateLimitMultiplier: null, ...overrides }, { clock });
  return { ...pbx, clock };
}

export function postForm(url: string, params: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(params), headers });
}

export async function requestToken(pbx: RunningPbx, params: Record<string, string>): Promise<Response> {
  return postForm(`${pbx.url}/api/oauth/token/`, params);
}

export async function clientCredentialsToken(pbx: RunningPbx, app = ACME.app): Promise<string> {
  const response = await requestToken(pbx, {
    grant_type: 'client_credentials',
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
  if (response.status !== 200) throw new Error(`client credentials failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export function authorizeUrl(pbx: RunningPbx, params: Record<string, string>, path = '/oauth/authorize/'): string {
  return `${pbx.url}${path}?${new URLSearchParams(params)}`;
}

interface SignInForm {
  url: string;
  cookie: string;
  csrfToken: string;
  html: string;
}

/** GETs the sign-in page and keeps what a browser would: its CSRF cookie and hidden field. */
export async function openSignInPage(url: string): Promise<SignInForm> {
  const response = await fetch(url);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`sign-in page answered ${response.status}: ${html}`);
  return { url, html, cookie: cookiePair(response), csrfToken: hiddenCsrfToken(html) };
}

export function submitSignIn(form: SignInForm, credentials: { username: string; password: string }): Promise<Response> {
  return fetch(form.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: form.cookie },
    body: new URLSearchParams({ ...credentials, csrf_token: form.csrfToken }),
  });
}

export function hiddenCsrfToken(html: string): string {
  const token = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no csrf_token field on the page');
  return token;
}

function cookiePair(response: Response): string {
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

/** Signs a user in through the real page and returns the callback's query. */
async function authorize(
  pbx: RunningPbx,
  params: Record<string, string>,
  credentials = { username: 'sam', password: 'demo1234' },
): Promise<URLSearchParams> {
  const form = await openSignInPage(authorizeUrl(pbx, { response_type: 'code', ...params }));
  const response = await submitSignIn(form, credentials);
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  return new URL(response.headers.get('location') ?? '').searchParams;
}

export async function authorizationCode(pbx: RunningPbx, params: Record<string, string> = {}, credentials?: { username: string; password: string }) {
  const query = await authorize(pbx, { client_id: ACME.app.clientId, redirect_uri: ACME.app.redirectUri, ...params }, credentials);
  const code = query.get('code');
  if (!code) throw new Error('no code on the callback');
  return code;
}

export function exchangeCode(pbx: RunningPbx, code: string, extra: Record<string, string> = {}): Promise<Response> {
  return requestToken(pbx, {
    grant_type: 'authorization_code',
    client_id: ACME.app.clientId,
    client_secret: ACME.app.clientSecret,
    code,
    redirect_uri: ACME.app.redirectUri,
    ...extra,
  });
}

export function getApi(pbx: RunningPbx, path: string, token: string | null, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${pbx.url}${path}`, { headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers } });
}
