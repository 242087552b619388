/** One POST of a delivery: a timeout on the injected clock, no redirects followed, a result instead of a throw. */
import type { Clock } from '@/lib/clock';

type SendResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Aborts the attempt early, when the service shuts down. */
  signal: AbortSignal;
}

export async function sendWebhook(fetchImpl: typeof fetch, clock: Clock, request: SendRequest): Promise<SendResult> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  request.signal.addEventListener('abort', abort);
  const timer = clock.setTimeout(abort, request.timeoutMs);
  try {
    const response = await fetchImpl(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: request.body,
      redirect: 'manual',
      signal: controller.signal,
    });
    await response.body?.cancel();
    // The spec asks subscribers to answer 200 or 204; anything else, redirects included, failed.
    if (response.status === 200 || response.status === 204) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: `answered ${response.status}` };
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, status: null, error: request.signal.aborted ? 'shut down' : `timed out after ${request.timeoutMs} ms` };
    return { ok: false, status: null, error: error instanceof Error ? describeNetworkError(error) : 'request failed' };
  } finally {
    clock.clearTimeout(timer);
    request.signal.removeEventListener('abort', abort);
  }
}

function describeNetworkError(error: Error): string {
  const cause = (error as Error & { cause?: { code?: string } }).cause;
  return cause?.code ? `${error.message} (${cause.code})` : error.message;
}
