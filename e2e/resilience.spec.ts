/**
 * Issue 8: "Browser offline for minutes, server restarted while TVs watch:
 * screens recover with no reload and show correct numbers." A TV opens the
 * wall through a display link; "correct" is what the telephony service's own
 * live stats say, read through its API, queue by queue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createDisplayLink, revokeDisplay, wallAddress } from './helpers/display-link';
import { createProductProcess, type ProductProcess } from './helpers/product-process';
import { sandboxAt, type SandboxAt } from './helpers/sandbox-at';
import { saveScreenshot } from './screens-sandbox';

/** playwright.config.ts starts the embedded sandbox on PBX_PORT 4100; SCREENS_SANDBOX_URL points elsewhere, as in screens-sandbox.ts. */
const SANDBOX_URL = process.env.SCREENS_SANDBOX_URL ?? 'http://127.0.0.1:4100';
const CALLER = { number: '+447700900801', name: 'Resilience Test' };

/**
 * Marks the document and counts the main frame's navigations from now on
 * (a reload, a new URL, even a history change), so a test can prove the
 * page it ends on is the one it started with.
 */
async function watchSameDocument(page: Page): Promise<() => Promise<void>> {
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  return async () => {
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(navigations).toBe(0);
  };
}

const SNAPSHOT_PACKET = '42["live:snapshot"';

/**
 * Counts the live snapshots the page receives over either Socket.IO transport
 * (a connection starts on long-polling, where the first snapshot usually
 * comes, and upgrades to a WebSocket).
 */
function countSnapshots(page: Page): () => number {
  let snapshots = 0;
  const count = (payload: string): void => {
    snapshots += payload.split(SNAPSHOT_PACKET).length - 1;
  };
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') count(payload);
    });
  });
  page.on('response', (response) => {
    if (response.request().method() !== 'GET' || !new URL(response.url()).pathname.startsWith('/socket.io/')) return;
    response.text().then(count, () => undefined);
  });
  return () => snapshots;
}

/** Every queue tile shows the calls waiting the service reports, and the total strip their sum. */
async function expectWallMatchesService(page: Page, sandbox: SandboxAt, timeout = 30_000): Promise<void> {
  const waiting = await sandbox.callsWaiting();
  expect(waiting.size).toBeGreaterThan(0);
  for (const [queue, count] of waiting) {
    await expect(page.locator(`[data-testid="queue-tile"][data-queue="${queue}"]`).getByTestId('calls-waiting')).toHaveText(String(count), { timeout });
  }
  const total = [...waiting.values()].reduce((sum, count) => sum + count, 0);
  await expect(page.getByTestId('total-calls-waiting')).toHaveText(String(total), { timeout });
}

async function expectLive(page: Page): Promise<void> {
  await expect(page.getByTestId('degraded-banner')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('live-indicator')).toBeVisible();
  await expect(page.locator('[data-testid="queue-tile"][data-stale="true"]')).toHaveCount(0);
}

test('a TV offline for minutes says so, then shows the current numbers once back online, without a reload', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const sandbox = sandboxAt(request, SANDBOX_URL);
  const name = 'E2E offline TV';
  const calls: string[] = [];
  const tvContext = await browser.newContext();
  const tv = await tvContext.newPage();
  try {
    const link = await createDisplayLink(page, name);
    // Before the page loads, so Socket.IO's and the wall's timers all run on the fake clock.
    await tv.clock.install();
    const snapshots = countSnapshots(tv);
    await tv.goto(wallAddress(link));
    await expect(tv.getByTestId('wall')).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => new URL(tv.url()).hash).toBe('');
    const sameDocument = await watchSameDocument(tv);

    const first = await sandbox.placeQueueCall('Billing', CALLER);
    calls.push(first);
    await expectWallMatchesService(tv, sandbox);
    await expectLive(tv);

    await tvContext.setOffline(true);
    // Chromium's offline mode holds an open WebSocket's frames rather than closing it, as a
    // dead network does: no heartbeat gets through, so past 15 s of silence the wall gives the
    // socket up and tries again, and past the 5 s grace it says so.
    await tv.clock.fastForward(20_000);
    await tv.clock.fastForward(10_000);
    const banner = tv.getByTestId('degraded-banner');
    await expect(banner).toContainText('Connection to the wallboard server lost since');
    await expect(banner).toContainText('Figures shown are the last known');
    await expect(tv.getByText('DELAYED', { exact: true })).toBeVisible();
    await saveScreenshot(tv, 'wall-offline-1920x1080');

    // Meanwhile a caller queues in Sales and the Billing caller hangs up.
    calls.push(await sandbox.placeQueueCall('Sales', CALLER));
    await sandbox.endCall(first);
    // Minutes offline, as a TV whose network went away (or a laptop lid closed).
    await tv.clock.fastForward('05:00');
    await expect(banner).toContainText(/Connection to the wallboard server lost since \d\d:\d\d \(5 min\)/);

    const snapshotsBefore = snapshots();
    await tvContext.setOffline(false);
    await expectWallMatchesService(tv, sandbox);
    await expectLive(tv);
    await sameDocument();
    await saveScreenshot(tv, 'wall-back-online-1920x1080');
    await expect.poll(snapshots).toBeGreaterThan(snapshotsBefore);
  } finally {
    for (const callId of calls) await sandbox.endCall(callId);
    await tvContext.close();
    await revokeDisplay(page, name);
  }
});

test.describe('a server restart while a TV watches', () => {
  let dataDir: string;
  let product: ProductProcess;
  test.beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wallboard-e2e-restart-'));
    product = await createProductProcess({ dataDir });
  });
  test.afterAll(async () => {
    await product.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the same page reconnects by itself after a crash and after a clean restart, and shows what the new service says', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const sandbox = sandboxAt(request, product.pbxUrl);
    const supervisorContext = await browser.newContext({ baseURL: product.url });
    const tvContext = await browser.newContext({ baseURL: product.url });
    const tv = await tvContext.newPage();
    const calls: string[] = [];
    try {
      await product.start();
      const link = await createDisplayLink(await supervisorContext.newPage(), 'E2E restart TV');
      await supervisorContext.close();
      const snapshots = countSnapshots(tv);
      await tv.goto(wallAddress(link));
      await expect(tv.getByTestId('wall')).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => new URL(tv.url()).hash).toBe('');
      const sameDocument = await watchSameDocument(tv);

      // A caller who hangs up while waiting is a missed call, counted from the CDR the
      // service sends seconds later and the wallboard stores in DATA_DIR.
      const salesTile = tv.locator('[data-testid="queue-tile"][data-queue="Sales"]');
      let missed = 0;
      const expectSalesMissed = () => expect(salesTile).toContainText(new RegExp(`(^|\\D)${missed} missed`), { timeout: 30_000 });

      for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
        await test.step(`${signal}, then the same DATA_DIR and ports again`, async () => {
          calls.push(await sandbox.placeQueueCall('Support', CALLER));
          await expectWallMatchesService(tv, sandbox);
          expect((await sandbox.callsWaiting()).get('Support')).toBeGreaterThan(0);
          await expectLive(tv);
          await expectSalesMissed();

          await product.stop(signal);
          await expect(tv.getByTestId('degraded-banner')).toContainText('Connection to the wallboard server lost since', { timeout: 20_000 });
          const snapshotsBefore = snapshots();
          await product.start();

          // The new embedded sandbox starts empty: nobody is waiting any more.
          await expectWallMatchesService(tv, sandbox);
          expect([...(await sandbox.callsWaiting()).values()].every((count) => count === 0)).toBe(true);
          await expectLive(tv);
          expect(snapshots()).toBeGreaterThan(snapshotsBefore);
          // Today's figures come back from the store.
          await expectSalesMissed();
          await saveScreenshot(tv, `wall-after-${signal.toLowerCase()}-restart-1920x1080`);

          // And the page follows the new server's events.
          calls.push(await sandbox.placeQueueCall('Sales', CALLER));
          await expectWallMatchesService(tv, sandbox);
          expect((await sandbox.callsWaiting()).get('Sales')).toBe(1);
          await sandbox.endCall(calls.pop()!);
          await expectWallMatchesService(tv, sandbox);
          missed += 1;
          await expectSalesMissed();
        });
      }
      await sameDocument();
    } finally {
      for (const callId of calls) await sandbox.endCall(callId);
      await tvContext.close();
      await supervisorContext.close();
      await product.stop('SIGKILL');
    }
  });
});
