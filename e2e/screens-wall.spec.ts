import { expect, test } from '@playwright/test';
import { signIn } from './helpers/sign-in';
import { endCall, placeQueueCall, saveScreenshot, setStatsFault } from './screens-sandbox';

/** Always at full brightness: the run may happen outside the default business hours. */
const WALL = '/wall?hours=always';

test.describe('wall', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'sam', 'demo1234', WALL);
    await expect(page.getByTestId('wall')).toBeVisible();
  });

  test('shows one more caller waiting when a scripted call queues, and one fewer when it ends', async ({ page, request }) => {
    const tile = page.locator('[data-testid="queue-tile"][data-queue="Billing"]');
    const waiting = tile.getByTestId('calls-waiting');
    await expect(waiting).toHaveText(/^\d+$/);
    const before = Number(await waiting.textContent());
    const callId = await placeQueueCall(request, 'Billing', { number: '+447700900101', name: 'Wall Test' });
    try {
      await expect(waiting).toHaveText(String(before + 1));
      await expect(page.getByTestId('longest-wait').first()).toHaveText(/^\d+:\d\d$/);
      await saveScreenshot(page, 'wall-1920x1080');
    } finally {
      await endCall(request, callId);
    }
    await expect(waiting).toHaveText(String(before));
  });

  test('says the figures are delayed while the stats fail, keeps them dimmed, and recovers by itself', async ({ page, request }) => {
    await expect(page.getByTestId('live-indicator')).toBeVisible();
    await setStatsFault(request, 'error500');
    try {
      const banner = page.getByTestId('degraded-banner');
      await expect(banner).toContainText('Live figures delayed');
      await expect(banner).toContainText('Figures shown are the last known');
      await expect(page.locator('[data-testid="queue-tile"][data-stale="true"]').first()).toBeVisible();
      await expect(page.locator('[data-testid="queue-tile"]').first()).toContainText(/AS OF \d\d:\d\d/);
      await saveScreenshot(page, 'wall-degraded-1920x1080');
    } finally {
      await setStatsFault(request, 'none');
    }
    await expect(page.getByTestId('degraded-banner')).toHaveCount(0, { timeout: 45_000 });
    await expect(page.getByTestId('live-indicator')).toBeVisible();
    await expect(page.locator('[data-testid="queue-tile"][data-stale="true"]')).toHaveCount(0);
  });
});
