/**
 * The soak's screens: headless Chromium pages as a user has them, one signed-in
 * supervisor and TVs opened through display links the supervisor creates
 * (as e2e/displays-pairing.spec.ts does), plus optional socket.io-client walls
 * for load. Each page's live patches are counted off its WebSocket frames.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const VIEWPORT = { width: 1920, height: 1080 };
const SUPERVISOR = { username: 'sam', password: 'demo1234' };
const PAGE_TIMEOUT_MS = 60_000;

export interface Screen {
  name: string;
  kind: 'supervisor' | 'tv';
  /** Live patches received over the page's WebSocket so far. */
  patches: number;
  /** Uncaught exceptions in the page so far. */
  pageErrors: number;
  crashed: boolean;
  page: Page;
  cdp: CDPSession;
}

export interface ScreenCheck {
  /** Used JS heap after a forced collection. */
  heapBytes: number;
  /** A wall shows the live board (not paused or back at pairing); a supervisor page shows its upstream panel. */
  showing: boolean;
}

/** The wallboard's own webhook counters, as the supervisor's upstream panel shows them. */
export interface WebhookCounts {
  accepted: number;
  duplicates: number;
  rejected: number;
}

/** PLAYWRIGHT_CHROMIUM_PATH, else Debian's chromium when installed, else Playwright's own (undefined). */
export function chromiumPath(): string | undefined {
  return process.env.PLAYWRIGHT_CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
}

export async function openScreens(baseURL: string, options: { tvs: number; clients: number; executablePath: string | undefined }) {
  // Playwright's own Ctrl-C handling exits the process at once; the soak stops in order instead (and closes the browser).
  const browser = await chromium.launch({ executablePath: options.executablePath, args: CHROMIUM_ARGS, handleSIGINT: false, handleSIGTERM: false });
  const screens: Screen[] = [];
  const sockets: Socket[] = [];
  let clientPatches = 0;
  try {
    const supervisor = await openPage(browser, baseURL, 'supervisor', 'supervisor');
    screens.push(supervisor);
    await signIn(supervisor.page, '/supervisor');
    await supervisor.page.getByRole('heading', { name: 'Displays', exact: true }).waitFor();

    for (let index = 1; index <= options.tvs; index++) {
      const link = await createDisplayLink(supervisor.page, `Soak TV ${index}`);
      const tv = await openPage(browser, baseURL, `TV ${index}`, 'tv');
      screens.push(tv);
      await tv.page.goto(link);
      await tv.page.getByTestId('wall').waitFor();
    }

    if (options.clients > 0) {
      const displayToken = (await createDisplayLink(supervisor.page, 'Soak socket clients')).split('#display=')[1];
      for (let index = 0; index < options.clients; index++) {
        const socket = io(baseURL, { auth: { view: 'wall', displayToken }, transports: ['websocket'] });
        socket.on('live:patch', () => (clientPatches += 1));
        sockets.push(socket);
      }
    }
  } catch (error) {
    for (const socket of sockets) socket.close();
    await browser.close();
    throw error;
  }

  return {
    screens,
    clientPatches: () => clientPatches,
    clientsConnected: () => sockets.filter((socket) => socket.connected).length,
    async close() {
      for (const socket of sockets) socket.close();
      await browser.close();
    },
  };
}

export async function checkScreen(screen: Screen): Promise<ScreenCheck> {
  await screen.cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await screen.cdp.send('Runtime.getHeapUsage');
  const showing =
    screen.kind === 'tv'
      ? (await screen.page.getByTestId('live-indicator').count()) > 0
      : (await screen.page.getByTestId('upstream').count()) > 0;
  return { heapBytes: usedSize, showing };
}

/** null when the panel is not on screen. */
export async function readWebhookCounts(supervisorPage: Page): Promise<WebhookCounts | null> {
  const panel = supervisorPage.getByTestId('upstream');
  if ((await panel.count()) === 0) return null;
  const match = /(\d+) accepted · (\d+) duplicates · (\d+) rejected/.exec(await panel.innerText());
  return match ? { accepted: Number(match[1]), duplicates: Number(match[2]), rejected: Number(match[3]) } : null;
}

/** A context of its own per screen: TVs are separate devices, and each page's heap is its own renderer's. */
async function openPage(browser: Browser, baseURL: string, name: string, kind: Screen['kind']): Promise<Screen> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  context.setDefaultTimeout(PAGE_TIMEOUT_MS);
  const page = await context.newPage();
  const screen: Screen = { name, kind, patches: 0, pageErrors: 0, crashed: false, page, cdp: await context.newCDPSession(page) };
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      // Socket.IO's event packet on the default namespace: 4 (message) 2 (event) then the JSON array.
      if (typeof payload === 'string' && payload.startsWith('42["live:patch"')) screen.patches += 1;
    });
  });
  page.on('pageerror', () => (screen.pageErrors += 1));
  page.on('crash', () => (screen.crashed = true));
  return screen;
}

/** The real sign-in: the wallboard's button, the service's own sign-in page, back through next-auth's callback. */
async function signIn(page: Page, returnTo: string): Promise<void> {
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  const origin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Sign in with your phone system account' }).click();
  await page.waitForURL((url) => url.pathname === '/oauth/authorize/');
  await page.getByLabel('Username').fill(SUPERVISOR.username);
  await page.getByLabel('Password').fill(SUPERVISOR.password);
  await page.getByRole('button', { name: 'Sign in and allow access' }).click();
  await page.waitForURL((url) => url.origin === origin && url.pathname === returnTo);
}

/** The supervisor's Displays section: a link for all queues, shown once. */
async function createDisplayLink(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create display link' }).click();
  const form = page.getByRole('form', { name: 'Create a display link' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create link' }).click();
  const link = await page.getByLabel('Display link', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  return link;
}
