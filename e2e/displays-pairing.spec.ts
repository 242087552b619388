import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers/sign-in';
import { connectSocket } from './helpers/socket';

const CODE = /^[2-9A-HJKMNP-TW-Z]{3}-[2-9A-HJKMNP-TW-Z]{3}$/;

/** The supervisor view's Displays section (lib/ui/displays DisplayManager). */
async function openDisplays(page: Page): Promise<void> {
  await signIn(page, 'sam', 'demo1234', '/supervisor');
  await expect(page.getByRole('heading', { name: 'Displays', exact: true })).toBeVisible();
}

async function revoke(page: Page, name: string): Promise<void> {
  const row = page.getByRole('listitem', { name });
  if (!(await row.isVisible())) return;
  await row.getByRole('button', { name: 'Revoke', exact: true }).click();
  await row.getByRole('button', { name: 'Revoke now' }).click();
  await expect(row).toBeHidden();
}

test('a TV pairs by code, shows the wall without sign-in, survives a reload, obeys a remote reload and stops once revoked', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const tvContext = await browser.newContext();
  const tv = await tvContext.newPage();
  try {
    await tv.goto('/wall');
    await expect(tv.getByTestId('pairing-code')).toHaveText(CODE);
    const code = (await tv.getByTestId('pairing-code').textContent())!.trim();

    await openDisplays(page);
    await page.getByRole('button', { name: 'Pair', exact: true }).click();
    const form = page.getByRole('form', { name: 'Pair a TV' });
    await form.getByLabel('Code shown on the TV').fill(code.toLowerCase());
    await form.getByLabel('Name').fill('E2E lobby TV');
    await form.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect(page.getByText('Paired “E2E lobby TV”')).toBeVisible();

    await expect(tv.getByTestId('wall')).toBeVisible({ timeout: 15_000 });
    expect((await tvContext.cookies()).map((cookie) => cookie.name)).not.toContain('next-auth.session-token');

    await tv.reload();
    await expect(tv.getByTestId('wall')).toBeVisible();
    await expect(tv.getByTestId('pairing-screen')).toBeHidden();

    await page.reload();
    const row = page.getByRole('listitem', { name: 'E2E lobby TV' });
    await expect(row).toContainText(/v\d+\.\d+\.\d+/);
    await expect(row.getByTestId('last-seen')).not.toHaveText('never');

    await tv.evaluate(() => Object.assign(window, { beforeRemoteReload: true }));
    const reloaded = tv.waitForEvent('load', { timeout: 10_000 });
    await row.getByRole('button', { name: 'Reload', exact: true }).click();
    await reloaded;
    expect(await tv.evaluate(() => 'beforeRemoteReload' in window)).toBe(false);
    await expect(tv.getByTestId('wall')).toBeVisible();

    await revoke(page, 'E2E lobby TV');
    await expect(tv.getByTestId('pairing-code')).toHaveText(CODE, { timeout: 5_000 });
  } finally {
    await revoke(page, 'E2E lobby TV');
    await tvContext.close();
  }
});

test('a display link opens the wall once, leaves no token in the address bar, and its token is refused once revoked', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const screenContext = await browser.newContext();
  const screen = await screenContext.newPage();
  try {
    await openDisplays(page);
    await page.getByRole('button', { name: 'Create display link' }).click();
    const form = page.getByRole('form', { name: 'Create a display link' });
    await form.getByLabel('Name').fill('E2E link screen');
    await form.getByRole('radio', { name: 'Only these:' }).check();
    await form.getByLabel('Add a queue by name').fill('Sales');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('button', { name: 'Create link' }).click();
    const link = await page.getByLabel('Display link', { exact: true }).inputValue();
    expect(link).toMatch(/\/wall#display=[A-Za-z0-9_-]{43}$/);
    const token = link.split('#display=')[1]!;
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('listitem', { name: 'E2E link screen' })).toContainText('Sales');

    await screen.goto(link);
    await expect(screen.getByTestId('wall')).toBeVisible({ timeout: 15_000 });
    expect(new URL(screen.url()).hash).toBe('');

    await revoke(page, 'E2E link screen');
    await expect(screen.getByTestId('pairing-screen')).toBeVisible({ timeout: 5_000 });
    expect(await connectSocket(baseURL!, { auth: { view: 'wall', displayToken: token } })).toEqual({ kind: 'refused', code: 'unauthorized' });
  } finally {
    await revoke(page, 'E2E link screen');
    await screenContext.close();
  }
});
