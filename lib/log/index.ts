/**
 * The wallboard's logger. Secrets never reach a log line: token-bearing fields
 * are redacted by name wherever they appear, one or two levels deep.
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
  'code',
  'code_verifier',
  'displayToken',
  'token',
  'secret',
  'authorization',
  'cookie',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const paths = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]);
  return pino({ level, redact: { paths, censor: '[redacted]' }, base: undefined }, destination);
}
