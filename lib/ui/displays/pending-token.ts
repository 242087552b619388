/**
 * The display token a TV makes for itself while it waits to be paired. It is
 * kept in localStorage so a TV that restarts mid-pairing keeps the same token:
 * a supervisor who already typed the code has paired exactly this one.
 */
const PENDING_KEY = 'wallboard.pendingDisplayToken';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** 32 random bytes, base64url without padding: 43 characters. */
export function newDisplayToken(random: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = random(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function pendingDisplayToken(storage: TokenStorage, random: (bytes: Uint8Array) => Uint8Array): string {
  const kept = storage.getItem(PENDING_KEY);
  if (kept && TOKEN.test(kept)) return kept;
  const token = newDisplayToken(random);
  storage.setItem(PENDING_KEY, token);
  return token;
}

export function forgetPendingDisplayToken(storage: TokenStorage): void {
  storage.removeItem(PENDING_KEY);
}
