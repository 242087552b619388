import { StoreError } from './errors';

/**
 * The value as it will read back from a jsonb column: what JSON keeps of it
 * (dates become strings, undefined fields vanish). Both engines and the memory
 * store pass values through this, so they agree on what a round trip returns.
 */
export function toJsonDocument<T>(value: T, what: string): T {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new StoreError('not_json', `${what} cannot be stored as JSON`, { cause: error });
  }
  if (text === undefined) throw new StoreError('not_json', `${what} cannot be stored as JSON`);
  return JSON.parse(text) as T;
}
