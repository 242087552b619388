import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the real flow: the wallboard's /signin button, the
 * telephony service's own sign-in page, and back through next-auth's callback.
 * Resolves once the browser is back on the wallboard at `returnTo`.
 */
export async function signIn(page: Page, username: string, password: string, returnTo = '/'): Promise<void> {
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  const wallboardOrigin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Sign in with your phone system account' }).click();
  await page.waitForURL((url) => url.pathname === '/oauth/authorize/');
  await submitServiceSignIn(page, username, password);
  await page.waitForURL((url) => url.origin === wallboardOrigin && !url.pathname.startsWith('/api/auth/'));
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(returnTo);
}

/** Fills the telephony service's sign-in form (lib/pbx/oauth/sign-in-page.ts). */
export async function submitServiceSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in and allow access' }).click();
}
