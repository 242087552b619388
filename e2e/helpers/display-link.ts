import { expect, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/**
 * Signs the supervisor in on `page` (its context's baseURL picks the server)
 * and creates a display link for every queue under Displays. Returns the link,
 * which is shown once.
 */
export async function createDisplayLink(page: Page, name: string): Promise<string> {
  await signIn(page, 'sam', 'demo1234', '/supervisor');
  await page.getByRole('button', { name: 'Create display link' }).click();
  const form = page.getByRole('form', { name: 'Create a display link' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create link' }).click();
  const link = await page.getByLabel('Display link', { exact: true }).inputValue();
  expect(link).toMatch(/\/wall#display=[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('listitem', { name })).toBeVisible();
  return link;
}

/**
 * Revokes the display if it is still listed. Meant for `finally` blocks: it
 * opens the supervisor view itself, and does nothing when the page was never
 * signed in (the test failed before the display existed).
 */
export async function revokeDisplay(page: Page, name: string): Promise<void> {
  await page.goto('/supervisor');
  const signedIn = await page
    .getByRole('heading', { name: 'Displays', exact: true })
    .waitFor({ timeout: 15_000 })
    .then(
      () => true,
      () => false,
    );
  if (!signedIn) return;
  const row = page.getByRole('listitem', { name });
  if (!(await row.isVisible())) return;
  await row.getByRole('button', { name: 'Revoke', exact: true }).click();
  await row.getByRole('button', { name: 'Revoke now' }).click();
  await expect(row).toBeHidden();
}

/**
 * The wall a display link opens, always at full brightness (the run may happen
 * outside the default business hours); the token stays in the fragment.
 */
export function wallAddress(link: string): string {
  const url = new URL(link);
  url.searchParams.set('hours', 'always');
  return url.toString();
}
