/**
 * The service's own logger (it is a separate product from the wallboard).
 * Credentials never reach a log line: headers that carry them and fields
 * named like them are redacted wherever the service could log them.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const SECRET_FIELDS = [
  'password',
  'client_secret',
  'clientSecret',
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'code_verifier',
  'csrf_token',
  'token',
  'secret',
];

const SECRET_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  // Only top-level: `err.code` is an error's code and must stay readable.
  'code',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

export function createPbxLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ name: 'pbx', level, redact: { paths: SECRET_PATHS, censor: '[redacted]' }, base: undefined }, destination);
}
