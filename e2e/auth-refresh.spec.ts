import { readFileSync } from 'node:fs';
import { expect, type BrowserContext, test } from '@playwright/test';
import { decode } from 'next-auth/jwt';
import { signIn } from './helpers/sign-in';

/**
 * The e2e server runs the sandbox with 30-second access tokens
 * (PBX_ACCESS_TOKEN_TTL_SECONDS), so a session is refreshed every 15 seconds.
 * The test reads the server's own next-auth secret to look inside the cookie
 * and see the access token change, which the browser itself never can.
 */
const secret = () => readFileSync(new URL('../.e2e-data/nextauth-secret', import.meta.url), 'utf8').trim();

async function sessionClaims(context: BrowserContext) {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'next-auth.session-token');
  expect(cookie, 'session cookie').toBeTruthy();
  return (await decode({ token: cookie!.value, secret: secret() })) as { accessToken: string; accessTokenExpiresAt: number };
}

test('a signed-in page keeps working across several access-token refreshes', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signIn(page, 'dev', 'demo1234', '/wall');
  await expect(page.getByTestId('wall')).toBeVisible();

  const seen = [await sessionClaims(context)];
  for (let refresh = 1; refresh <= 3; refresh++) {
    // Real time must pass: the refresh is due on the server's clock, half-way through a 30-second token.
    await page.waitForTimeout(16_000);
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user).toMatchObject({ userId: '5104', role: 'agent' });
    seen.push(await sessionClaims(context));
    await page.reload();
    await expect(page.getByTestId('wall')).toBeVisible();
  }

  const accessTokens = new Set(seen.map((claims) => claims.accessToken));
  expect(accessTokens.size).toBe(seen.length);
  for (let index = 1; index < seen.length; index++) {
    expect(seen[index]!.accessTokenExpiresAt).toBeGreaterThan(seen[index - 1]!.accessTokenExpiresAt);
  }
});
