import { expect, test } from '@playwright/test';
import { signIn, submitServiceSignIn } from './helpers/sign-in';

test.describe('sign-in through the telephony service', () => {
  test('an agent signs in and the browser’s session holds the viewer and no tokens', async ({ page, context }) => {
    await signIn(page, 'alice', 'demo1234');

    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session).toEqual({
      user: { userId: '5101', name: 'Alice Chen', role: 'agent', extension: '101' },
      expires: expect.any(String),
    });
    expect(JSON.stringify(session)).not.toMatch(/token|access|refresh/i);

    const cookie = (await context.cookies()).find((entry) => entry.name === 'next-auth.session-token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await expect(page.getByText(/Signed in as\s*Alice Chen/)).toBeVisible();
  });

  test('a supervisor (Office Manager) signs in with the supervisor role and returns where they started', async ({ page }) => {
    await signIn(page, 'olivia', 'demo1234', '/wall');
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user).toEqual({ userId: '5002', name: 'Olivia Grant', role: 'supervisor', extension: '201' });
  });

  test('a wrong password shows the service’s form again and signs nobody in', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in with your phone system account' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/authorize/');
    await submitServiceSignIn(page, 'sam', 'wrong-password');

    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('sam');
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session).toEqual({});
  });

  test('an agent gets a real 403 on the supervisor view', async ({ page }) => {
    await signIn(page, 'bob', 'demo1234');
    const response = await page.goto('/supervisor');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Supervisors only' })).toBeVisible();
  });

  test('nobody signed in is sent to sign in and brought back to the supervisor view', async ({ page }) => {
    await page.goto('/supervisor');
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fsupervisor$/);
    await page.getByRole('button', { name: 'Sign in with your phone system account' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/authorize/');
    await submitServiceSignIn(page, 'sam', 'demo1234');
    await page.waitForURL((url) => url.pathname === '/supervisor');
    await expect(page.getByRole('heading', { name: 'Displays', exact: true })).toBeVisible();
  });

  test('signing out ends the session', async ({ page }) => {
    await signIn(page, 'carmen', 'demo1234');
    await page.evaluate(async () => {
      const { csrfToken } = await (await fetch('/api/auth/csrf')).json();
      await fetch('/api/auth/signout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken, json: 'true' }),
      });
    });
    expect(await (await page.request.get('/api/auth/session')).json()).toEqual({});
  });
});

test.describe('security headers', () => {
  test('every page carries a nonce CSP, anti-framing and a referrer policy', async ({ page }) => {
    const response = await page.goto('/signin');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  test('the nonce changes on every request and Next’s scripts carry it', async ({ page }) => {
    const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
    const first = nonceOf((await page.goto('/signin'))?.headers()['content-security-policy']);
    const second = nonceOf((await page.goto('/signin'))?.headers()['content-security-policy']);
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
    const scriptNonces = await page.locator('script').evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([second]));
  });
});
