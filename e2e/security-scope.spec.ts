/**
 * Who gets what (issue 8): every page and route handler under app/ for an
 * anonymous visitor, an agent, a supervisor and a display token; cross-site
 * requests against server actions and next-auth; the reach of a display link's
 * token; an agent's page never carrying another agent's call; and the flags of
 * every cookie the wallboard sets, read from the real Set-Cookie headers.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  type Request,
  test,
} from '@playwright/test';
import type { LivePatch, LiveSnapshot } from '../lib/realtime/types';
import { signIn } from './helpers/sign-in';
import { connectSocket, cookieHeader } from './helpers/socket';
import { endCall, makeQueueAvailable, placeQueueCall, stepCall } from './screens-sandbox';

type Role = 'anonymous' | 'agent' | 'supervisor' | 'display';
const ROLES: readonly Role[] = ['anonymous', 'agent', 'supervisor', 'display'];

const EVIL_ORIGIN = 'http://evil.example';
const PAIRING_CODE = /^[2-9A-HJKMNP-TW-Z]{3}-[2-9A-HJKMNP-TW-Z]{3}$/;
const SCOPE_DISPLAY = 'E2E scope wall';
const REPLAY_DISPLAY = 'E2E scope replay';

/** What a role gets back: status, and where a redirect goes or what the JSON body is. */
interface Outcome {
  status: number;
  location?: string;
  json?: unknown;
  html?: RegExp;
}

interface RouteRow {
  /** The page or route handler under app/ this row covers. */
  file: string;
  method: 'GET' | 'POST';
  url: string;
  body?: () => unknown;
  expect: Record<Role, Outcome>;
}

const tokenHash = () => randomBytes(32).toString('hex');
const same = (outcome: Outcome): Record<Role, Outcome> => ({ anonymous: outcome, agent: outcome, supervisor: outcome, display: outcome });
const signInFor = (page: string): Outcome => ({ status: 307, location: `/signin?callbackUrl=${encodeURIComponent(page)}` });
const unauthorizedDisplays = { status: 401, json: { error: { code: 'unauthorized', message: 'Sign in to manage displays.' } } };

/** A display token is never a session: with it, every page and API answers as to an anonymous visitor. */
const ROUTES: RouteRow[] = [
  {
    file: 'app/page.tsx',
    method: 'GET',
    url: '/',
    expect: {
      anonymous: { status: 200, html: /Not signed in\./ },
      agent: { status: 200, html: /Signed in as <span[^>]*>Bob Okafor<\/span>/ },
      supervisor: { status: 200, html: /Signed in as <span[^>]*>Sam Rivera<\/span>/ },
      display: { status: 200, html: /Not signed in\./ },
    },
  },
  {
    file: 'app/signin/page.tsx',
    method: 'GET',
    url: '/signin',
    expect: {
      anonymous: { status: 200, html: /Sign in with your phone system account/ },
      agent: { status: 307, location: '/' },
      supervisor: { status: 307, location: '/' },
      display: { status: 200, html: /Sign in with your phone system account/ },
    },
  },
  // The wall page itself is public: what it shows comes over the socket, which checks the token or session.
  { file: 'app/wall/page.tsx', method: 'GET', url: '/wall', expect: same({ status: 200 }) },
  {
    file: 'app/agent/page.tsx',
    method: 'GET',
    url: '/agent',
    expect: { anonymous: signInFor('/agent'), agent: { status: 200 }, supervisor: { status: 200 }, display: signInFor('/agent') },
  },
  {
    file: 'app/supervisor/page.tsx',
    method: 'GET',
    url: '/supervisor',
    expect: {
      anonymous: signInFor('/supervisor'),
      agent: { status: 403, html: /Supervisors only/ },
      supervisor: { status: 200 },
      display: signInFor('/supervisor'),
    },
  },
  {
    file: 'app/api/displays/route.ts',
    method: 'GET',
    url: '/api/displays',
    expect: {
      anonymous: unauthorizedDisplays,
      agent: { status: 403, json: { error: { code: 'forbidden', message: 'Only supervisors manage displays.' } } },
      supervisor: { status: 200, json: { displays: expect.any(Array) } },
      display: unauthorizedDisplays,
    },
  },
  // A TV asks for a pairing code before it has anything: no session is needed, and none changes the answer.
  {
    file: 'app/api/displays/pairings/route.ts',
    method: 'POST',
    url: '/api/displays/pairings',
    body: () => ({ tokenHash: tokenHash() }),
    expect: same({ status: 201, json: { code: expect.stringMatching(PAIRING_CODE), expiresAt: expect.any(Number), expiresInSeconds: 600 } }),
  },
  {
    file: 'app/api/displays/pairings/status/route.ts',
    method: 'POST',
    url: '/api/displays/pairings/status',
    body: () => ({ tokenHash: tokenHash() }),
    expect: same({ status: 200, json: { paired: false } }),
  },
  { file: 'app/api/health/route.ts', method: 'GET', url: '/api/health', expect: same({ status: 200, json: { status: 'ok' } }) },
  {
    file: 'app/api/auth/[...nextauth]/route.ts',
    method: 'GET',
    url: '/api/auth/session',
    expect: {
      anonymous: { status: 200, json: {} },
      agent: { status: 200, json: { user: { userId: '5102', name: 'Bob Okafor', role: 'agent', extension: '102' }, expires: expect.any(String) } },
      supervisor: { status: 200, json: { user: { userId: '5001', name: 'Sam Rivera', role: 'supervisor', extension: '200' }, expires: expect.any(String) } },
      display: { status: 200, json: {} },
    },
  },
];

/** Every app/**\/page.tsx and app/**\/route.ts, so a new one without a row above fails the table test. */
function pagesAndRouteHandlers(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'page.tsx' || entry.name === 'route.ts') found.push(full.split(path.sep).join('/'));
    }
  };
  walk('app');
  return found.sort();
}

/** The supervisor's "Create display link" server action as the browser sent it, to replay. */
interface CapturedAction {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Headers of the captured action minus those that say who and where from: each replay sets its own. */
const REPLAY_DROPS = new Set(['cookie', 'origin', 'referer', 'host', 'content-length', 'connection']);

let agent: BrowserContext;
let supervisor: BrowserContext;
let supervisorPage: Page;
let displayToken: string;
let displayLink: string;
let linkAction: CapturedAction;
const callsPlaced: string[] = [];

async function signedInContext(browser: Browser, baseURL: string, username: string, returnTo: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, username, 'demo1234', returnTo);
  return { context, page };
}

async function createSalesLink(page: Page): Promise<{ link: string; action: CapturedAction }> {
  await expect(page.getByRole('heading', { name: 'Displays', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create display link' }).click();
  const form = page.getByRole('form', { name: 'Create a display link' });
  await form.getByLabel('Name').fill(SCOPE_DISPLAY);
  await form.getByRole('radio', { name: 'Only these:' }).check();
  await form.getByLabel('Add a queue by name').fill('Sales');
  await form.getByRole('button', { name: 'Add' }).click();
  const sent = page.waitForRequest((request: Request) => request.method() === 'POST' && request.headers()['next-action'] !== undefined);
  await form.getByRole('button', { name: 'Create link' }).click();
  const request = await sent;
  const link = await page.getByLabel('Display link', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  const headers = Object.fromEntries(Object.entries(await request.allHeaders()).filter(([name]) => !REPLAY_DROPS.has(name) && !name.startsWith(':')));
  return { link, action: { url: request.url(), headers, body: request.postData() ?? '' } };
}

async function revokeIfListed(page: Page, name: string): Promise<void> {
  const listed = (await displayNames()).filter((shown) => shown === name).length;
  await page.reload();
  const rows = page.getByRole('listitem', { name, exact: true });
  // The list arrives after the page: wait until it shows what the API lists before revoking.
  await expect(rows).toHaveCount(listed);
  for (let left = listed; left > 0; left--) {
    const row = rows.first();
    await row.getByRole('button', { name: 'Revoke', exact: true }).click();
    await row.getByRole('button', { name: 'Revoke now' }).click();
    await expect(rows).toHaveCount(left - 1);
  }
}

/** A request context for a role: its browser context's cookies, or none; a display also presents its token every way it could. */
async function contextFor(role: Role, baseURL: string): Promise<{ request: APIRequestContext; dispose: boolean }> {
  if (role === 'agent') return { request: agent.request, dispose: false };
  if (role === 'supervisor') return { request: supervisor.request, dispose: false };
  const extraHTTPHeaders: Record<string, string> =
    role === 'display' ? { Authorization: `Bearer ${displayToken}`, Cookie: `display=${displayToken}; displayToken=${displayToken}` } : {};
  return { request: await playwrightRequest.newContext({ baseURL, extraHTTPHeaders }), dispose: true };
}

async function send(request: APIRequestContext, row: Pick<RouteRow, 'method' | 'url' | 'body'>, headers: Record<string, string> = {}): Promise<APIResponse> {
  const url = row.url;
  const options = { headers, maxRedirects: 0 };
  return row.method === 'GET' ? request.get(url, options) : request.post(url, { ...options, data: row.body?.() });
}

async function displayNames(): Promise<string[]> {
  const answer = (await (await supervisor.request.get('/api/displays')).json()) as { displays: { config: { name: string } }[] };
  return answer.displays.map((display) => display.config.name);
}

function replayAction(request: APIRequestContext, origin: string | null, body = linkAction.body): Promise<APIResponse> {
  const headers = { ...linkAction.headers, ...(origin === null ? {} : { Origin: origin }) };
  return request.post(linkAction.url, { headers, data: body, maxRedirects: 0 });
}

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  ({ context: agent } = await signedInContext(browser, baseURL!, 'bob', '/'));
  ({ context: supervisor, page: supervisorPage } = await signedInContext(browser, baseURL!, 'sam', '/supervisor'));
  await revokeIfListed(supervisorPage, SCOPE_DISPLAY);
  await revokeIfListed(supervisorPage, REPLAY_DISPLAY);
  ({ link: displayLink, action: linkAction } = await createSalesLink(supervisorPage));
  displayToken = displayLink.split('#display=')[1]!;
});

test.afterAll(async () => {
  const request = await playwrightRequest.newContext();
  try {
    for (const callId of callsPlaced) await endCall(request, callId);
    if (supervisorPage) {
      await revokeIfListed(supervisorPage, SCOPE_DISPLAY);
      await revokeIfListed(supervisorPage, REPLAY_DISPLAY);
    }
  } finally {
    await request.dispose();
    await agent?.close();
    await supervisor?.close();
  }
});

test.describe('pages and route handlers', () => {
  test('the table covers every page and route handler under app/', () => {
    expect(ROUTES.map((row) => row.file).sort()).toEqual(pagesAndRouteHandlers());
  });

  for (const row of ROUTES) {
    test(`${row.method} ${row.url} (${row.file}) for each role`, async ({ baseURL }) => {
      for (const role of ROLES) {
        const { request, dispose } = await contextFor(role, baseURL!);
        try {
          const response = await send(request, row, { Origin: EVIL_ORIGIN });
          const wanted = row.expect[role];
          expect(response.status(), `${role}: ${row.method} ${row.url}`).toBe(wanted.status);
          if (wanted.location !== undefined) expect(response.headers()['location'], role).toBe(wanted.location);
          if (wanted.json !== undefined) expect(await response.json(), role).toEqual(wanted.json);
          if (wanted.html !== undefined) expect(await response.text(), role).toMatch(wanted.html);
          // No route lets another site's script read its answer.
          expect(response.headers()['access-control-allow-origin'], role).toBeUndefined();
          expect(response.headers()['access-control-allow-credentials'], role).toBeUndefined();
        } finally {
          if (dispose) await request.dispose();
        }
      }
    });
  }

  test('route handlers answer only the methods they define', async () => {
    for (const [method, url] of [
      ['POST', '/api/displays'],
      ['DELETE', '/api/displays'],
      ['GET', '/api/displays/pairings'],
      ['GET', '/api/displays/pairings/status'],
      ['POST', '/api/health'],
    ] as const) {
      const response = await supervisor.request.fetch(url, { method, maxRedirects: 0 });
      expect(response.status(), `${method} ${url}`).toBe(405);
    }
  });
});

test.describe('cross-site requests', () => {
  test('a server action refuses a request from another origin, and the session alone is not enough', async () => {
    const before = await displayNames();
    expect(before.filter((name) => name === SCOPE_DISPLAY)).toHaveLength(1);

    for (const origin of [EVIL_ORIGIN, 'null']) {
      const refused = await replayAction(supervisor.request, origin);
      expect(refused.status(), `Origin: ${origin}`).toBe(500);
      expect(await refused.text()).not.toContain('display=');
    }
    expect(await displayNames()).toEqual(before);

    // Same origin, wrong person: the action checks the session itself.
    const asAgent = await replayAction(agent.request, new URL(linkAction.url).origin);
    expect(asAgent.status()).toBe(200);
    expect(await asAgent.text()).toContain('"code":"forbidden"');
    const anonymous = await playwrightRequest.newContext();
    try {
      const asNobody = await replayAction(anonymous, new URL(linkAction.url).origin);
      expect(await asNobody.text()).toContain('"code":"unauthorized"');
    } finally {
      await anonymous.dispose();
    }
    expect(await displayNames()).toEqual(before);

    // The control: the same replay from the wallboard's own origin by the supervisor does run.
    const accepted = await replayAction(supervisor.request, new URL(linkAction.url).origin, linkAction.body.replace(SCOPE_DISPLAY, REPLAY_DISPLAY));
    expect(accepted.status()).toBe(200);
    expect(await accepted.text()).toContain('/wall#display=');
    expect(await displayNames()).toEqual([...before, REPLAY_DISPLAY]);
  });

  test('sign-out without next-auth’s CSRF token, or with a wrong one, leaves the session alone', async ({ baseURL }) => {
    for (const csrfToken of [undefined, 'f'.repeat(64)]) {
      const response = await supervisor.request.post('/api/auth/signout', {
        headers: { Origin: EVIL_ORIGIN },
        form: { json: 'true', ...(csrfToken && { csrfToken }) },
        maxRedirects: 0,
      });
      expect(await response.json()).toEqual({ url: `${baseURL}/api/auth/signout?csrf=true` });
      expect(response.headers()['set-cookie'] ?? '').not.toContain('next-auth.session-token');
      const session = (await (await supervisor.request.get('/api/auth/session')).json()) as { user?: { role: string } };
      expect(session.user?.role).toBe('supervisor');
    }
  });
});

test.describe('a display link’s token', () => {
  test('opens the wall of its queues only, whatever the handshake asks for', async ({ baseURL }) => {
    const queuesOf = (snapshot: Pick<LiveSnapshot, 'queues'>) => snapshot.queues.map((queue) => queue.queue);
    for (const auth of [
      { view: 'wall', displayToken },
      { view: 'wall', displayToken, queues: ['Support', 'Billing'] },
      { view: 'wall', displayToken, queues: 'all', extension: '101' },
    ]) {
      const outcome = await connectSocket(baseURL!, { auth });
      expect(outcome.kind, JSON.stringify(auth)).toBe('connected');
      if (outcome.kind !== 'connected') continue;
      try {
        const snapshot = (await outcome.firstSnapshot) as LiveSnapshot;
        expect(snapshot.audience).toBe('wall');
        expect(queuesOf(snapshot)).toEqual(['Sales']);
        expect(Object.keys(snapshot.kpis.byQueue).filter((queue) => queue !== 'Sales')).toEqual([]);
        expect(snapshot.recentCdrs).toEqual([]);
      } finally {
        outcome.socket.close();
      }
    }
  });

  test('is refused the supervisor and agent streams, even beside a supervisor’s session cookie', async ({ baseURL }) => {
    const cookie = await cookieHeader(supervisor);
    for (const view of ['supervisor', 'agent']) {
      expect(await connectSocket(baseURL!, { auth: { view, displayToken } }), view).toEqual({ kind: 'refused', code: 'forbidden' });
      expect(await connectSocket(baseURL!, { auth: { view, displayToken }, cookie }), `${view} with a cookie`).toEqual({ kind: 'refused', code: 'forbidden' });
    }
  });

  test('receives calls of its queues and never those of another queue', async ({ baseURL, request }) => {
    await makeQueueAvailable(request, 'Sales');
    const outcome = await connectSocket(baseURL!, { auth: { view: 'wall', displayToken } });
    expect(outcome.kind).toBe('connected');
    if (outcome.kind !== 'connected') return;
    const seen: string[] = [];
    outcome.socket.on('live:patch', (patch: LivePatch) => {
      for (const call of patch.calls ?? []) seen.push(call.id);
      for (const queue of patch.queues ?? []) seen.push(`queue:${queue.queue}`);
    });
    try {
      await outcome.firstSnapshot;
      const support = await placeQueueCall(request, 'Support', { number: '+442079460971', name: 'Other Queue' });
      callsPlaced.push(support);
      const sales = await placeQueueCall(request, 'Sales', { number: '+442079460972', name: 'Own Queue' });
      callsPlaced.push(sales);
      await expect.poll(() => seen.includes(sales)).toBe(true);
      const resynced = await new Promise<{ data?: LiveSnapshot }>((resolve) => outcome.socket.emit('live:resync', resolve));
      expect(resynced.data?.calls.map((call) => call.id)).toContain(sales);
      expect(resynced.data?.calls.map((call) => call.id)).not.toContain(support);
      expect(seen).not.toContain(support);
      expect(seen.filter((entry) => entry.startsWith('queue:') && entry !== 'queue:Sales')).toEqual([]);
    } finally {
      outcome.socket.close();
    }
  });

  test('shows only its queues on the wall page, and grants no session to the browser that opened it', async ({ browser, baseURL }) => {
    const screenContext = await browser.newContext({ baseURL });
    try {
      const screen = await screenContext.newPage();
      await screen.goto(`${displayLink.replace('/wall#', '/wall?hours=always#')}`);
      await expect(screen.getByTestId('wall')).toBeVisible();
      await expect(screen.locator('[data-testid="queue-tile"][data-queue="Sales"]')).toBeVisible();
      expect(await screen.locator('[data-testid="queue-tile"]').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-queue')))).toEqual(['Sales']);
      expect((await screenContext.cookies()).map((cookie) => cookie.name)).not.toContain('next-auth.session-token');
      expect(await (await screenContext.request.get('/api/auth/session')).json()).toEqual({});
      expect((await screenContext.request.get('/api/displays')).status()).toBe(401);
    } finally {
      await screenContext.close();
    }
  });
});

test.describe('an agent’s page', () => {
  /** Socket.IO packets a page received, over polling and WebSocket alike. */
  function recordSocketPackets(page: Page): string[] {
    const packets: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => packets.push(String(frame.payload))));
    page.on('response', (response) => {
      if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
      response.text().then(
        (text) => packets.push(...text.split('\x1e')),
        () => {},
      );
    });
    return packets;
  }

  /** Call ids in the calls, finished calls and removals of the live messages (snapshots, patches, resync answers) among the packets. */
  function callIdsIn(packets: string[]): Set<string> {
    const ids = new Set<string>();
    for (const packet of packets) {
      const start = packet.indexOf('[');
      if (start < 0) continue;
      let message: unknown;
      try {
        message = JSON.parse(packet.slice(start));
      } catch {
        continue;
      }
      if (!Array.isArray(message)) continue;
      const [first, second] = message as unknown[];
      const body = (
        first === 'live:snapshot' || first === 'live:patch' ? second : first && typeof first === 'object' && 'data' in first ? first.data : null
      ) as Partial<LiveSnapshot & LivePatch> | null;
      if (!body || typeof body !== 'object') continue;
      for (const call of body.calls ?? []) ids.add(call.id);
      for (const cdr of [...(body.recentCdrs ?? []), ...(body.cdrs ?? [])]) ids.add(cdr.callId);
      for (const id of body.removedCalls ?? []) ids.add(id);
    }
    return ids;
  }

  test('never receives or shows a call that rang only another agent, before or after a reload', async ({ browser, baseURL, request }) => {
    await makeQueueAvailable(request, 'Sales');
    const aliceContext = await browser.newContext({ baseURL });
    try {
      const alice = await aliceContext.newPage();
      const packets = recordSocketPackets(alice);
      await signIn(alice, 'alice', 'demo1234', '/agent');
      await expect(alice.getByText('Waiting for calls.')).toBeVisible();
      const bob = await agent.newPage();
      await bob.goto('/agent');
      await expect(bob.getByText('Waiting for calls.')).toBeVisible();

      const caller = { number: `+4477009${String(Date.now()).slice(-5)}`, name: 'Isolation Test' };
      const theirs = await placeQueueCall(request, 'Sales', caller);
      callsPlaced.push(theirs);
      await stepCall(request, theirs, 'ring', '102');
      await expect(bob.getByTestId('screen-pop')).toContainText(caller.name);
      await stepCall(request, theirs, 'answer');
      await expect(bob.getByTestId('active-call')).toContainText(caller.name);
      await stepCall(request, theirs, 'hangup');
      await expect(bob.getByTestId('call-history')).toContainText(caller.name);

      // The control: a call of Alice's own comes through the same recording.
      const mine = await placeQueueCall(request, 'Sales', { number: '+442079460973', name: 'Own Call' });
      callsPlaced.push(mine);
      await stepCall(request, mine, 'ring', '101');
      await expect(alice.getByTestId('screen-pop')).toContainText('Own Call');
      await stepCall(request, mine, 'hangup');
      await expect(alice.getByTestId('call-history')).toContainText('Own Call');
      await expect.poll(() => callIdsIn(packets).has(mine)).toBe(true);

      expect(callIdsIn(packets).has(theirs)).toBe(false);
      const everything = packets.join('\n');
      expect(everything).not.toContain(caller.name);
      expect(everything).not.toContain(caller.number);
      await expect(alice.getByTestId('call-history')).not.toContainText(caller.name);

      await alice.reload();
      await expect(alice.getByTestId('call-history')).toContainText('Own Call');
      await expect(alice.getByTestId('call-history')).not.toContainText(caller.name);
      expect(packets.join('\n')).not.toContain(caller.number);
    } finally {
      await aliceContext.close();
    }
  });
});

test.describe('cookies', () => {
  test('every cookie set on sign-in and sign-out is HttpOnly, SameSite=Lax, Path=/ and (over http) not Secure', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const setCookies: string[] = [];
    try {
      const page = await context.newPage();
      page.on('response', async (response) => {
        if (!response.url().startsWith(baseURL!)) return;
        for (const header of await response.headersArray()) if (header.name.toLowerCase() === 'set-cookie') setCookies.push(...header.value.split('\n'));
      });
      await page.goto('/wall');
      await expect(page.getByTestId('pairing-code')).toHaveText(PAIRING_CODE);
      // A TV keeps its display token in localStorage: pairing sets no cookie, least of all a session.
      expect(setCookies.filter((header) => header.includes('session-token'))).toEqual([]);

      await signIn(page, 'carmen', 'demo1234', '/agent');
      await page.evaluate(async () => {
        const { csrfToken } = await (await fetch('/api/auth/csrf')).json();
        await fetch('/api/auth/signout', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrfToken, json: 'true' }),
        });
      });
      await expect.poll(() => setCookies.some((header) => /^next-auth\.session-token=;/.test(header))).toBe(true);

      const names = new Set(setCookies.map((header) => header.slice(0, header.indexOf('='))));
      expect([...names].sort()).toEqual(
        ['next-auth.callback-url', 'next-auth.csrf-token', 'next-auth.pkce.code_verifier', 'next-auth.session-token', 'next-auth.state'].sort(),
      );
      for (const header of setCookies) {
        const attributes = header.split(';').slice(1).map((part) => part.trim().toLowerCase());
        expect(attributes, header).toContain('httponly');
        expect(attributes, header).toContain('samesite=lax');
        expect(attributes, header).toContain('path=/');
        expect(attributes, header).not.toContain('secure');
        expect(attributes.some((attribute) => attribute.startsWith('domain=')), header).toBe(false);
      }
    } finally {
      await context.close();
    }
  });
});
