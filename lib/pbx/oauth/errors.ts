/**
 * Errors of the token endpoint, in RFC 6749 §5.2 form: `{ error, error_description }`.
 * Statuses follow the RFC: 400, except invalid_client (401, with the
 * WWW-Authenticate challenge HTTP requires of every 401).
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'server_error';

const statusOf: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  server_error: 500,
};

export class OAuthError extends Error {
  readonly status: number;
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(`${code}: ${description}`);
    this.status = statusOf[code];
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: this.description };
  }

  /** RFC 6749 §5.2: a 401 names the scheme the client may authenticate with. */
  headers(): Record<string, string> {
    return this.status === 401 ? { 'www-authenticate': 'Basic realm="oauth"' } : {};
  }
}
