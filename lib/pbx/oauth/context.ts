import type { Clock } from '@/lib/clock';
import type { Directory } from '../directory';
import type { TokenStore } from './token-store';

export interface TokenLifetimes {
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  authorizationCodeSeconds: number;
}

/** What the authorization server's pure parts need, injected once by app.ts. */
export interface OAuthContext {
  directory: Directory;
  tokens: TokenStore;
  clock: Clock;
  /** A fresh unguessable string: tokens, codes, grant and token ids. */
  randomToken: () => string;
  lifetimes: TokenLifetimes;
  /** Issue a new refresh token on each refresh and treat reuse of an old one as theft (RFC 9700 §4.14.2). */
  refreshRotation: boolean;
}
