/**
 * The one error type of sign-in and display management, with a closed code
 * union mapped to HTTP status in one table. Route handlers and server actions
 * turn it into the wallboard's error shape `{ error: { code, message } }`.
 */
import type { Logger } from '@/lib/log';

type AuthErrorCode =
  | 'invalid_input'
  | 'unauthorized'
  | 'forbidden'
  | 'pairing_not_found'
  | 'pairing_used'
  | 'display_not_found'
  | 'display_revoked';

const STATUS: Record<AuthErrorCode, number> = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  pairing_not_found: 404,
  pairing_used: 409,
  display_not_found: 404,
  display_revoked: 409,
};

export class AuthError extends Error {
  readonly code: AuthErrorCode;

  constructor(code: AuthErrorCode, message: string) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

interface ErrorBody {
  error: { code: AuthErrorCode | 'internal'; message: string };
}

/** Any error as the body a caller may see; unknown errors lose their text (it may carry internals). */
export function errorBody(error: unknown): ErrorBody {
  if (error instanceof AuthError) return { error: { code: error.code, message: error.message } };
  return { error: { code: 'internal', message: 'Something went wrong on the server.' } };
}

/** One place turns any error into a Response; errors we did not expect are logged first. */
export function errorResponse(error: unknown, log: Pick<Logger, 'error'>): Response {
  if (!(error instanceof AuthError)) log.error({ err: error }, 'unexpected error in a sign-in or display route');
  return Response.json(errorBody(error), {
    status: error instanceof AuthError ? error.status : 500,
    headers: { 'Cache-Control': 'no-store' },
  });
}
