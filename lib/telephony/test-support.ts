/**
 * Test doubles for lib/telephony's unit tests: a scripted fetch that records
 * what it was asked, and a logger that keeps its lines.
 */
import type { TelephonyLogger } from './logger';

export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
  signal: AbortSignal | null;
}

export type Responder = (request: SeenRequest) => Response | Promise<Response>;

export function createFakeFetch(respond: Responder) {
  const requests: SeenRequest[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
      signal: init.signal ?? null,
    };
    requests.push(request);
    return respond(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A promise with its resolve exposed, for answers that arrive when a test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

export function createRecordingLogger() {
  const lines: Array<{ level: 'info' | 'warn' | 'error'; obj: object; msg?: string }> = [];
  const log: TelephonyLogger = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
  return { log, lines, text: () => JSON.stringify(lines) };
}
