/**
 * The embedded sandbox's control routes, for the screens' browser tests:
 * scripted calls and fault switches (lib/pbx/sandbox). Everything a test
 * starts it ends in `finally` through these helpers.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';

/** playwright.config.ts starts the sandbox on PBX_PORT 4100; SCREENS_SANDBOX_URL points elsewhere (a dev server). */
const SANDBOX = process.env.SCREENS_SANDBOX_URL ?? 'http://127.0.0.1:4100';

interface PlacedCall {
  call_id: string;
}

export async function placeQueueCall(request: APIRequestContext, queue: string, caller: { number: string; name: string }): Promise<string> {
  const response = await request.post(`${SANDBOX}/sandbox/calls`, { data: { queue, caller_id: caller.number, caller_name: caller.name } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as PlacedCall).call_id;
}

export async function stepCall(request: APIRequestContext, callId: string, action: 'ring' | 'answer' | 'noanswer' | 'hangup', user?: string): Promise<void> {
  const response = await request.post(`${SANDBOX}/sandbox/calls/${callId}/${action}`, { data: user ? { user } : {} });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Ends a call if it is still up; a call that already ended is fine. */
export async function endCall(request: APIRequestContext, callId: string): Promise<void> {
  await request.post(`${SANDBOX}/sandbox/calls/${callId}/hangup`, { data: {} });
}

export async function setStatsFault(request: APIRequestContext, stats: 'none' | 'error500'): Promise<void> {
  const response = await request.post(`${SANDBOX}/sandbox/faults`, { data: { stats } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Every queue agent available, so scripted calls can ring anyone. */
export async function makeQueueAvailable(request: APIRequestContext, queue: string): Promise<void> {
  const response = await request.put(`${SANDBOX}/sandbox/queues/${queue}/agents`, { data: { away: 0 } });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Screenshots the screens' tests leave behind as artifacts, under test-results/screens/.
 * Transitions are finished first, so a wall just back online shows as it settles, not mid-fade.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join('test-results', 'screens', `${name}.png`), animations: 'disabled' });
}
