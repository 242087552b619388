import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './helpers/sign-in';
import { endCall, makeQueueAvailable, placeQueueCall, saveScreenshot, stepCall } from './screens-sandbox';

async function agentPage(browser: Browser, baseURL: string | undefined, username: string, opened: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1920, height: 1080 } });
  opened.push(context);
  const page = await context.newPage();
  await signIn(page, username, 'demo1234', '/agent');
  await expect(page.getByText('Waiting for calls.')).toBeVisible();
  return page;
}

test.describe('agent screen pop', () => {
  let alice: Page;
  let bob: Page;
  const opened: BrowserContext[] = [];

  test.beforeEach(async ({ browser, request, baseURL }) => {
    await makeQueueAvailable(request, 'Sales');
    alice = await agentPage(browser, baseURL, 'alice', opened);
    bob = await agentPage(browser, baseURL, 'bob', opened);
  });

  test.afterEach(async () => {
    for (const context of opened.splice(0)) await context.close();
  });

  test('pops for the extension that rings, not for another, and leaves when another agent answers', async ({ request }) => {
    const callId = await placeQueueCall(request, 'Sales', { number: '+442079460958', name: 'Pop Test' });
    try {
      await stepCall(request, callId, 'ring', '101');
      const pop = alice.getByTestId('screen-pop');
      await expect(pop).toHaveCount(1);
      await expect(pop).toContainText('Pop Test');
      await expect(pop.getByTestId('caller-number')).toHaveText('+44 20 7946 0958');
      await expect(pop).toContainText('Via the Sales queue');
      await expect(pop).toContainText('External');
      await expect(alice.getByTestId('pop-announcement')).toContainText('Incoming call from Pop Test, Sales queue.');
      await saveScreenshot(alice, 'agent-pop-1920x1080');
      await expect(bob.getByText('Waiting for calls.')).toBeVisible();
      await expect(bob.getByTestId('screen-pop')).toHaveCount(0);

      await stepCall(request, callId, 'noanswer');
      await stepCall(request, callId, 'ring', '102');
      await expect(bob.getByTestId('screen-pop')).toContainText('Pop Test');
      await stepCall(request, callId, 'answer');
      await expect(bob.getByTestId('active-call')).toContainText('Pop Test');
      await expect(bob.getByTestId('screen-pop')).toHaveCount(0);
      await expect(alice.getByTestId('screen-pop')).toHaveCount(0);
      await expect(alice.getByTestId('active-call')).toHaveCount(0);

      await stepCall(request, callId, 'hangup');
      await expect(bob.getByTestId('active-call')).toHaveCount(0);
      await expect(bob.getByTestId('call-history')).toContainText('Pop Test');
    } finally {
      await endCall(request, callId);
    }
  });

  test('goes away when the caller hangs up while it rings', async ({ request }) => {
    const callId = await placeQueueCall(request, 'Sales', { number: '+442079460959', name: 'Hang Up Test' });
    try {
      await stepCall(request, callId, 'ring', '101');
      await expect(alice.getByTestId('screen-pop')).toContainText('Hang Up Test');
      await stepCall(request, callId, 'hangup');
      await expect(alice.getByTestId('screen-pop')).toHaveCount(0);
    } finally {
      await endCall(request, callId);
    }
  });

  test('marks a repeat caller with how many times they called today', async ({ request }) => {
    // A number of its own, so calls from earlier runs against the same server do not count.
    const caller = { number: `+4477009${String(Date.now()).slice(-5)}`, name: 'Repeat Caller' };
    const first = await placeQueueCall(request, 'Sales', caller);
    await endCall(request, first);
    const second = await placeQueueCall(request, 'Sales', caller);
    try {
      await stepCall(request, second, 'ring', '101');
      await expect(alice.getByTestId('screen-pop').getByTestId('repeat-caller')).toHaveText('2nd call today');
    } finally {
      await endCall(request, second);
    }
  });

  test('shows a desktop notification through the service worker while it rings, and withdraws it after', async ({ request }) => {
    await alice.context().grantPermissions(['notifications']);
    await alice.reload();
    await expect(alice.getByText('Desktop notifications on')).toBeVisible();
    const notifications = () =>
      alice.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({ title: shown.title, tag: shown.tag })));
    const callId = await placeQueueCall(request, 'Sales', { number: '+442079460902', name: 'Notify Test' });
    try {
      await stepCall(request, callId, 'ring', '101');
      await expect(alice.getByTestId('screen-pop')).toContainText('Notify Test');
      await expect.poll(notifications).toEqual([{ title: 'Incoming call: Notify Test', tag: callId }]);
      await stepCall(request, callId, 'answer');
      await expect(alice.getByTestId('active-call')).toContainText('Notify Test');
      await expect.poll(notifications).toEqual([]);
    } finally {
      await endCall(request, callId);
    }
  });
});
