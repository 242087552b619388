/**
 * Where a paired TV keeps its display token. A supervisor's pairing link ends
 * in `#display=<token>`: the fragment never reaches a server or its logs, and
 * it is cleared from the address bar as soon as the token is stored.
 */
const STORAGE_KEY = 'wallboard.displayToken';
const FRAGMENT = /^#display=([A-Za-z0-9_-]{16,512})$/;

export interface TokenPlace {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState'>;
}

/** Takes a token from the fragment if there is one (storing it), else the stored one. */
export function resolveDisplayToken({ storage, location, history }: TokenPlace): string | null {
  const match = FRAGMENT.exec(location.hash);
  if (match?.[1]) {
    storage.setItem(STORAGE_KEY, match[1]);
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    return match[1];
  }
  return storage.getItem(STORAGE_KEY);
}

export function storeDisplayToken(storage: TokenPlace['storage'], token: string): void {
  storage.setItem(STORAGE_KEY, token);
}

export function forgetDisplayToken(storage: TokenPlace['storage']): void {
  storage.removeItem(STORAGE_KEY);
}
