/**
 * Answers of the telephony webhook intake: one closed code union, one status
 * table, one JSON shape (`{ error: { code, message } }`, the wallboard's own).
 */
import type { ServerResponse } from 'node:http';

export type WebhookIntakeErrorCode =
  | 'not_found'
  | 'method_not_allowed'
  | 'invalid_signature'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'invalid_json'
  | 'invalid_body'
  | 'unavailable'
  | 'internal';

const statusOf: Record<WebhookIntakeErrorCode, number> = {
  not_found: 404,
  method_not_allowed: 405,
  invalid_signature: 401,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_json: 400,
  invalid_body: 400,
  unavailable: 503,
  internal: 500,
};

const defaultMessage: Record<WebhookIntakeErrorCode, string> = {
  not_found: 'Not found.',
  method_not_allowed: 'Only POST is accepted.',
  invalid_signature: 'The webhook signature does not verify.',
  payload_too_large: 'The body is too large.',
  unsupported_media_type: 'The body must be application/json.',
  invalid_json: 'The body is not JSON.',
  invalid_body: 'The body is not an init, call or CDR message.',
  unavailable: 'The delivery could not be stored; send it again.',
  internal: 'Internal error.',
};

export class WebhookIntakeError extends Error {
  override readonly name = 'WebhookIntakeError';
  readonly status: number;
  constructor(
    readonly code: WebhookIntakeErrorCode,
    message: string = defaultMessage[code],
  ) {
    super(message);
    this.status = statusOf[code];
  }
}

export function sendIntakeError(res: ServerResponse, error: WebhookIntakeError, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ error: { code: error.code, message: error.message } });
  res.writeHead(error.status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}
