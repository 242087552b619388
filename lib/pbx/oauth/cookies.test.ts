import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others', () => {
    expect(readCookie('a=1; pbx=xyz; b=2', 'pbx')).toBe('xyz');
  });

  it('gives nothing when the cookie or the header is absent', () => {
    expect(readCookie('a=1', 'pbx')).toBeUndefined();
    expect(readCookie(undefined, 'pbx')).toBeUndefined();
  });
});

describe('serializeCookie', () => {
  it('marks the cookie HttpOnly and SameSite=Lax, and Secure over HTTPS', () => {
    expect(serializeCookie('n', 'v', { path: '/', secure: false })).toBe('n=v; Path=/; HttpOnly; SameSite=Lax');
    expect(serializeCookie('n', 'v', { path: '/', secure: true })).toBe('n=v; Path=/; HttpOnly; SameSite=Lax; Secure');
  });
});
