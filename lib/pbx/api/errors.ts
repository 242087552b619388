/**
 * Errors of the service's API (not the token endpoint, which speaks RFC 6749).
 * The body is the real service's `{"status", "message"}`.
 */
export type ApiErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'headers_too_large'
  | 'invalid_version'
  | 'rate_limited'
  | 'internal';

const statusOf: Record<ApiErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  invalid_version: 422,
  rate_limited: 429,
  internal: 500,
};

const defaultMessage: Record<ApiErrorCode, string> = {
  bad_request: 'The request is invalid.',
  unauthorized: 'Invalid or expired access token.',
  forbidden: 'Access Forbidden, you do not have the correct permissions.',
  not_found: 'Resource does not exist.',
  method_not_allowed: 'Method not allowed.',
  request_timeout: 'The request took too long to arrive.',
  payload_too_large: 'Request body is too large.',
  unsupported_media_type: 'Unsupported content type.',
  headers_too_large: 'Request headers are too large.',
  invalid_version: 'An invalid version number was provided.',
  rate_limited: 'Too many requests.',
  internal: 'Internal server error.',
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string = defaultMessage[code],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = statusOf[code];
  }

  toBody(): { status: number; message: string } {
    return { status: this.status, message: this.message };
  }
}
