import type {} from 'fastify';
import type { RateLimitFamily } from './api/rate-limits';
import type { Role } from './directory/schemas';

/** Who an access token speaks for. Set on every authenticated API request. */
export interface Principal {
  companyId: string;
  clientId: string;
  /** The signed-in user for authorization-code tokens; null for client credentials (company-wide). */
  userId: string | null;
  role: Role | null;
  /** Identifies the access token (rate-limit bucket, revocation). */
  tokenId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** Rate-limit family of the route (the README's rate-limit decision); none means unlimited. */
    rateLimit?: RateLimitFamily;
  }
}
