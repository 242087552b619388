import { describe, expect, it } from 'vitest';
import { forgetPendingDisplayToken, newDisplayToken, pendingDisplayToken } from './pending-token';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('newDisplayToken', () => {
  it('encodes 32 bytes as 43 base64url characters when given random bytes', () => {
    expect(newDisplayToken((bytes) => bytes.fill(0xfb))).toBe('-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_s');
    expect(newDisplayToken((bytes) => crypto.getRandomValues(bytes))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('pendingDisplayToken', () => {
  it('keeps the same token across restarts when pairing has not finished', () => {
    const storage = memoryStorage();
    const first = pendingDisplayToken(storage, (bytes) => crypto.getRandomValues(bytes));
    expect(pendingDisplayToken(storage, (bytes) => bytes.fill(1))).toBe(first);
  });

  it('makes a new token when the pending one was forgotten', () => {
    const storage = memoryStorage();
    const first = pendingDisplayToken(storage, (bytes) => bytes.fill(1));
    forgetPendingDisplayToken(storage);
    expect(pendingDisplayToken(storage, (bytes) => bytes.fill(2))).not.toBe(first);
  });

  it('replaces a stored value that is not a token', () => {
    const storage = memoryStorage();
    storage.setItem('wallboard.pendingDisplayToken', 'garbage');
    expect(pendingDisplayToken(storage, (bytes) => bytes.fill(1))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
