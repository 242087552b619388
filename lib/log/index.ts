/**
 * The wallboard's logger. Secrets never reach a log line: token-bearing fields
 * are redacted by name wherever they appear, one or two levels deep. `code` is
 * a secret only as an OAuth parameter, so it is redacted there and not
 * everywhere: an error's code (ECONNREFUSED, a refusal code) is what an
 * operator reads first.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

const SECRET_FIELDS = [
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'client_secret',
  'clientSecret',
  'password',
  'code_verifier',
  'displayToken',
  'token',
  'secret',
  'authorization',
  'cookie',
];

/** Where an authorization code travels: a callback's query, a token request's body. */
const OAUTH_CODE_PATHS = ['code', 'query.code', 'body.code', 'params.code', '*.query.code', '*.body.code', '*.params.code'];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const paths = [...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]), ...OAUTH_CODE_PATHS];
  return pino({ level, redact: { paths, censor: '[redacted]' }, base: undefined }, destination);
}
