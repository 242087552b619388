/**
 * Errors of the token endpoint, in RFC 6749 §5.2 form: `{ error, error_description }`,
 * status 400. The one exception the RFC makes: a client that authenticated
 * with the Authorization header and failed gets 401 with a WWW-Authenticate
 * challenge for the scheme it used.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'server_error'
  | 'temporarily_unavailable';

/** The challenge answering a failed HTTP Basic client authentication. */
export const BASIC_CHALLENGE = 'Basic realm="oauth"';

export class OAuthError extends Error {
  readonly status: number;
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    /** WWW-Authenticate value; set only when the client used the Authorization header. */
    readonly challenge: string | null = null,
  ) {
    super(`${code}: ${description}`);
    this.status = code === 'server_error' ? 500 : code === 'temporarily_unavailable' ? 503 : challenge === null ? 400 : 401;
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: this.description };
  }

  headers(): Record<string, string> {
    return this.challenge === null ? {} : { 'www-authenticate': this.challenge };
  }
}
