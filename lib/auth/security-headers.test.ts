import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce } from './security-headers';

describe('contentSecurityPolicy', () => {
  it('allows scripts only with the nonce and forbids framing when built for production over http', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc123', development: false, https: false });
    const directives = new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive]));
    expect(directives.get('script-src')).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect(directives.has('upgrade-insecure-requests')).toBe(false);
  });

  it('adds eval for React and nothing else when in development', () => {
    const policy = contentSecurityPolicy({ nonce: 'n', development: true, https: false });
    expect(policy).toContain("script-src 'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
  });

  it('upgrades insecure requests when the site is https', () => {
    expect(contentSecurityPolicy({ nonce: 'n', development: false, https: true })).toMatch(/; upgrade-insecure-requests$/);
  });
});

describe('newNonce', () => {
  it('encodes 16 random bytes as base64 when asked for a nonce', () => {
    expect(newNonce((bytes) => bytes.fill(255))).toBe('/////////////////////w==');
  });

  it('differs between calls when it uses the system random source', () => {
    expect(newNonce()).not.toBe(newNonce());
  });
});
