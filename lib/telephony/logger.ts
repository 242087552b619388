/** The logging the telephony client needs; a pino logger fits it. Never pass tokens or the post_uri. */
export interface TelephonyLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
