import { describe, expect, it } from 'vitest';
import { forgetDisplayToken, resolveDisplayToken, storeDisplayToken, type TokenPlace } from './display-token';

const TOKEN = 'dGhpcy1pcy1hLWRpc3BsYXktdG9rZW4';

function place(hash: string, stored: string | null = null) {
  const items = new Map<string, string>(stored ? [['wallboard.displayToken', stored]] : []);
  const replaced: string[] = [];
  const target: TokenPlace = {
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    },
    location: { hash, pathname: '/wall', search: '?hours=always' },
    history: { replaceState: (_data, _unused, url) => void replaced.push(String(url)) },
  };
  return { target, items, replaced };
}

describe('resolveDisplayToken', () => {
  it('stores the fragment token and clears the fragment when the pairing link is opened', () => {
    const { target, items, replaced } = place(`#display=${TOKEN}`, 'older-token-older-token');
    expect(resolveDisplayToken(target)).toBe(TOKEN);
    expect(items.get('wallboard.displayToken')).toBe(TOKEN);
    expect(replaced).toEqual(['/wall?hours=always']);
  });

  it('returns the stored token when there is no fragment', () => {
    const { target, replaced } = place('', TOKEN);
    expect(resolveDisplayToken(target)).toBe(TOKEN);
    expect(replaced).toEqual([]);
  });

  it('ignores a fragment that is not a display token', () => {
    const { target, items } = place('#display=<script>');
    expect(resolveDisplayToken(target)).toBeNull();
    expect(items.size).toBe(0);
  });
});

describe('storeDisplayToken and forgetDisplayToken', () => {
  it('stores a token from pairing and forgets it on revocation', () => {
    const { target, items } = place('');
    storeDisplayToken(target.storage, TOKEN);
    expect(resolveDisplayToken(target)).toBe(TOKEN);
    forgetDisplayToken(target.storage);
    expect(items.size).toBe(0);
  });
});
