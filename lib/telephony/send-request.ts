/**
 * One HTTP exchange with the service: a timeout driven by the injected clock
 * over the whole exchange (headers and body), and transport failures turned
 * into TelephonyError. Status codes are the caller's business.
 */
import type { Clock } from '@/lib/clock';
import { TelephonyError } from './errors';

export interface HttpDeps {
  fetch: typeof fetch;
  clock: Clock;
  timeoutMs: number;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** `what` names the request in error messages (e.g. "stats"); never a URL with secrets in it. */
export async function sendRequest(deps: HttpDeps, what: string, url: string, init: RequestInit): Promise<HttpAnswer> {
  const controller = new AbortController();
  const timedOut = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () =>
      reject(new TelephonyError('timeout', `${what}: no answer within ${deps.timeoutMs} ms`)),
    );
  });
  const timer = deps.clock.setTimeout(() => controller.abort(), deps.timeoutMs);
  try {
    // Racing the abort as well as passing the signal: a fetch that ignores its signal still times out.
    return await Promise.race([exchange(deps.fetch, what, url, { ...init, signal: controller.signal }), timedOut]);
  } finally {
    deps.clock.clearTimeout(timer);
  }
}

async function exchange(fetchFn: typeof fetch, what: string, url: string, init: RequestInit): Promise<HttpAnswer> {
  try {
    // Redirects are answers, not detours: following one would send the bearer token elsewhere.
    const response = await fetchFn(url, { ...init, redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    throw new TelephonyError('network', `${what}: ${transportReason(error)}`);
  }
}

function transportReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return `request failed (${code})`;
  return 'request failed';
}
