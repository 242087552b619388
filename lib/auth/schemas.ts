/**
 * Shapes that cross an edge of lib/auth: the telephony service's OAuth and user
 * answers, our own session JWT, socket handshake payloads and display input.
 */
import { z } from 'zod';

export const RoleSchema = z.enum(['supervisor', 'agent']);

/** RFC 6749 §5.1 access token response (the fields a refresh needs). */
export const TokenResponse = z.object({
  access_token: z.string().min(1),
  /** Present on authorization-code grants; a refresh may rotate it or leave it out. */
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().int().positive(),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** RFC 6749 §5.2 error response. */
export const TokenErrorResponse = z.object({ error: z.string(), error_description: z.string().optional() });

/** `GET /api/users/current/` for a user token. */
export const CurrentUser = z.object({
  id: z.coerce.string().min(1),
  username: z.string().min(1),
  extension: z.string().min(1).nullable(),
  domain: z.string().nullable().optional(),
  display_name: z.string().nullable().optional(),
  role: z.string(),
  company_id: z.coerce.string().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/**
 * What our session JWT carries. Tokens stay in the encrypted cookie: the session
 * callback never copies them into what the browser can read.
 */
export const SessionClaims = z.object({
  userId: z.string().min(1),
  name: z.string(),
  role: RoleSchema,
  extension: z.string().nullable(),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).nullable(),
  accessTokenExpiresAt: z.number(),
  /** When the jwt callback refreshes: ahead of expiry by a margin that fits short lifetimes too. */
  refreshAt: z.number(),
  /** Set when the service refused the refresh token; the session is over. */
  error: z.literal('RefreshAccessTokenError').optional(),
});
export type SessionClaims = z.infer<typeof SessionClaims>;

/** A display token as PairingScreen and display links make it: 32 random bytes, base64url. */
const DisplayToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** SHA-256, lowercase hex. */
export const TokenHash = z.string().regex(/^[0-9a-f]{64}$/);

export const HandshakeAuthSchema = z.object({
  view: z.enum(['wall', 'supervisor', 'agent']),
  displayToken: DisplayToken.optional(),
});

const WallViewSchema = z.enum(['queues', 'queue', 'agents']);

export const DisplayConfigSchema = z.object({
  name: z.string().trim().min(1).max(60),
  queues: z.union([z.literal('all'), z.array(z.string().trim().min(1).max(80)).min(1).max(100)]),
  views: z.array(WallViewSchema).min(1).max(3),
  rotateSeconds: z.number().int().min(5).max(3600),
});

/** What a display reports about itself; bounded because it comes from any browser holding a token. */
export const DisplayStatusSchema = z.object({
  version: z.string().max(64),
  heapMb: z.number().nonnegative().max(1_000_000).nullable(),
  domNodes: z.number().int().nonnegative().max(100_000_000),
  screen: z.object({
    width: z.number().int().nonnegative().max(100_000),
    height: z.number().int().nonnegative().max(100_000),
  }),
});
