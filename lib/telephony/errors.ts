/**
 * The two error surfaces of lib/telephony: calls we make to the service
 * (TelephonyError) and bodies the service POSTs to us (WebhookBodyError).
 * Messages never carry tokens, client secrets or the webhook path.
 */
import type { z } from 'zod';

export type TelephonyErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'invalid_version'
  | 'server_error'
  | 'timeout'
  | 'network'
  | 'bad_response';

export class TelephonyError extends Error {
  override readonly name = 'TelephonyError';
  readonly code: TelephonyErrorCode;
  /** HTTP status of the upstream's answer; null when there was none (timeout, network). */
  readonly status: number | null;
  /** From Retry-After on 429 (seconds or HTTP date); null when absent. */
  readonly retryAfterMs: number | null;

  constructor(
    code: TelephonyErrorCode,
    message: string,
    details: { status?: number | null; retryAfterMs?: number | null } = {},
  ) {
    super(message);
    this.code = code;
    this.status = details.status ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}

export type WebhookBodyErrorCode = 'invalid_json' | 'invalid_body';

export class WebhookBodyError extends Error {
  override readonly name = 'WebhookBodyError';
  constructor(
    readonly code: WebhookBodyErrorCode,
    message: string,
    /** One line per problem, `path: reason`. */
    readonly issues: string[] = [],
  ) {
    super(message);
  }
}

const MAX_ISSUES = 5;

/** zod issues as short `path: reason` lines, so a log line says what was wrong without the payload. */
export function summariseIssues(error: z.ZodError): string[] {
  const lines = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length - MAX_ISSUES;
  return more > 0 ? [...lines, `and ${more} more`] : lines;
}

/** A one-line description for health views; unknown errors say nothing of their internals. */
export function describeError(error: unknown): string {
  if (error instanceof TelephonyError) return `${error.code}: ${error.message}`;
  return 'internal error';
}
