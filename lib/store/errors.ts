/**
 * The store's one error type. Callers branch on `code`, never on message text.
 * Driver errors the store does not translate (a lost connection, a full disk)
 * pass through unchanged: the caller can only report those.
 */
type StoreErrorCode =
  /** A record with the same unique key (id, token hash, pairing code) exists. */
  | 'conflict'
  /** The PGlite folder is already open, in this process or another one. */
  | 'data_dir_in_use'
  /** A migration already applied to the database differs from the file of the same version. */
  | 'migration_changed'
  /** A value given to the store cannot be stored as JSON. */
  | 'not_json';

export class StoreError extends Error {
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreError';
    this.code = code;
  }
}
