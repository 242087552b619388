/**
 * Maps an unsuccessful answer of the service's API to a TelephonyError. The body
 * is the real service's `{"status", "message"}` (README: errors); its message is
 * quoted, clipped, because it is the upstream's own explanation.
 */
import { TelephonyError, type TelephonyErrorCode } from './errors';
import { parseRetryAfter } from './retry-after';
import { ApiErrorBody, TokenErrorBody } from './schemas';
import type { HttpAnswer } from './send-request';

const codeOfStatus: Record<number, TelephonyErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  422: 'invalid_version',
  429: 'rate_limited',
};

export function apiAnswerError(what: string, answer: HttpAnswer, now: number): TelephonyError {
  const body = ApiErrorBody.safeParse(readJson(answer.text));
  const reason = body.success ? `: ${clip(body.data.message)}` : '';
  return errorOf(what, answer, now, reason);
}

/** The token endpoint answers RFC 6749 §5.2 `{error, error_description}`. */
export function tokenAnswerError(answer: HttpAnswer, now: number): TelephonyError {
  const body = TokenErrorBody.safeParse(readJson(answer.text));
  if (!body.success) return errorOf('token', answer, now, '');
  const { error, error_description: description } = body.data;
  const reason = `: ${clip(error)}${description ? ` (${clip(description)})` : ''}`;
  // RFC 6749 §5.2 lets a bad client or grant come back as 400, not only 401.
  if (['invalid_client', 'invalid_grant', 'unauthorized_client'].includes(error)) {
    return new TelephonyError('unauthorized', `token: upstream answered ${answer.status}${reason}`, {
      status: answer.status,
    });
  }
  return errorOf('token', answer, now, reason);
}

function errorOf(what: string, answer: HttpAnswer, now: number, reason: string): TelephonyError {
  const code = codeOfStatus[answer.status] ?? (answer.status >= 500 ? 'server_error' : 'bad_response');
  const retryAfterMs = code === 'rate_limited' ? parseRetryAfter(answer.headers.get('retry-after'), now) : null;
  return new TelephonyError(code, `${what}: upstream answered ${answer.status}${reason}`, {
    status: answer.status,
    retryAfterMs,
  });
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
