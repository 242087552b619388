import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers/sign-in';
import { endCall, makeQueueAvailable, placeQueueCall, saveScreenshot, stepCall } from './screens-sandbox';

async function setDefaultThresholds(page: Page, waiting: [string, string], longest: [string, string]): Promise<void> {
  const form = page.getByTestId('threshold-form');
  await form.getByLabel('Default calls waiting amber').fill(waiting[0]);
  await form.getByLabel('Default calls waiting red').fill(waiting[1]);
  await form.getByLabel('Default longest wait amber').fill(longest[0]);
  await form.getByLabel('Default longest wait red').fill(longest[1]);
  await form.getByRole('button', { name: 'Save thresholds' }).click();
}

test.describe('supervisor', () => {
  test('sends someone who is not signed in to sign in, and back here afterwards', async ({ page }) => {
    await page.goto('/supervisor');
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fsupervisor$/);
  });

  test('answers an agent with 403', async ({ page }) => {
    await signIn(page, 'alice', 'demo1234', '/');
    const response = await page.goto('/supervisor');
    expect(response?.status()).toBe(403);
  });

  test('sees a live call as it rings and is answered, then its record once it ends', async ({ page, request }) => {
    await signIn(page, 'sam', 'demo1234', '/supervisor');
    await makeQueueAvailable(request, 'Support');
    const callId = await placeQueueCall(request, 'Support', { number: '+442079460111', name: 'Supervisor Test' });
    try {
      const row = page.locator(`[data-testid="live-call"][data-call-id="${callId}"]`);
      await expect(row).toContainText('Supervisor Test');
      await expect(row).toContainText('+44 20 7946 0111');
      await expect(row).toContainText('Waiting');
      await stepCall(request, callId, 'ring', '105');
      await expect(row).toContainText('Ringing');
      await stepCall(request, callId, 'answer');
      await expect(row).toContainText('Talking');
      await saveScreenshot(page, 'supervisor-1920x1080');
      await page.setViewportSize({ width: 1366, height: 768 });
      await saveScreenshot(page, 'supervisor-1366x768');
      await stepCall(request, callId, 'hangup');
      await expect(row).toHaveCount(0);
      const record = page.locator(`[data-testid="cdr-row"][data-call-id="${callId}"]`);
      await expect(record).toContainText('Supervisor Test');
      await expect(record).toContainText('Answered');
    } finally {
      await endCall(request, callId);
    }
  });

  test('sorts the queue table from the keyboard', async ({ page }) => {
    await signIn(page, 'sam', 'demo1234', '/supervisor');
    const table = page.getByTestId('queue-table');
    const queueHeader = table.getByRole('columnheader', { name: /Queue/ });
    await expect(queueHeader).toHaveAttribute('aria-sort', 'ascending');
    await queueHeader.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(queueHeader).toHaveAttribute('aria-sort', 'descending');
    const names = await table.locator('tbody [data-testid="queue-row"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-queue')));
    expect(names).toEqual([...names].sort().reverse());
  });

  test('colours the wall and the table red once thresholds are set low through the form', async ({ page, context, request }) => {
    await signIn(page, 'sam', 'demo1234', '/supervisor');
    const wall = await context.newPage();
    await wall.goto('/wall?hours=always');
    const calls: string[] = [];
    try {
      calls.push(await placeQueueCall(request, 'Priority', { number: '+447700900201', name: 'Threshold One' }));
      calls.push(await placeQueueCall(request, 'Priority', { number: '+447700900202', name: 'Threshold Two' }));
      const tile = wall.locator('[data-testid="queue-tile"][data-queue="Priority"]');
      await expect(tile.getByTestId('calls-waiting')).not.toHaveText('0');
      await setDefaultThresholds(page, ['1', '2'], ['0:30', '1:00']);
      await expect(page.getByText('Saved. Every screen now uses these thresholds.')).toBeVisible();
      await expect(tile).toHaveAttribute('data-level', 'red');
      await expect(tile).toContainText('CRITICAL');
      await expect(page.locator('[data-testid="queue-row"][data-queue="Priority"]')).toHaveAttribute('data-level', 'red');
      await saveScreenshot(wall, 'wall-thresholds-red-1920x1080');
    } finally {
      for (const callId of calls) await endCall(request, callId);
      await setDefaultThresholds(page, ['3', '6'], ['1:00', '2:00']);
      await expect(page.getByText('Saved. Every screen now uses these thresholds.')).toBeVisible();
    }
  });
});
