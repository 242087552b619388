/**
 * Validation of an authorization request (RFC 6749 §4.1.1, spec 4.2). Every
 * problem here is shown to the user, never redirected: until client_id and
 * redirect_uri are proven, the redirect target cannot be trusted (§4.1.2.1),
 * and the spec's clients expect no error redirects at all.
 */
import { z } from 'zod';
import type { Directory, RegisteredClient } from '../directory';
import { isS256Challenge } from './pkce';

const AuthorizationQuery = z.object({
  response_type: z.string().optional(),
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  state: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});

export interface AuthorizationRequest {
  client: RegisteredClient;
  redirectUri: string;
  /** Returned unchanged on the callback; null when the client sent none. */
  state: string | null;
  codeChallenge: string | null;
}

export type AuthorizationRequestCheck = { ok: true; request: AuthorizationRequest } | { ok: false; problem: string };

export function checkAuthorizationRequest(directory: Directory, query: unknown): AuthorizationRequestCheck {
  const parsed = AuthorizationQuery.safeParse(query);
  if (!parsed.success) {
    return { ok: false, problem: `The parameter ${String(parsed.error.issues[0]?.path[0])} was sent more than once.` };
  }
  const params = parsed.data;
  if (!params.client_id) return { ok: false, problem: 'The request does not name the application (client_id is missing).' };
  const client = directory.findClient(params.client_id);
  if (!client) return { ok: false, problem: 'The application (client_id) is not registered with this service.' };
  if (!params.redirect_uri) return { ok: false, problem: 'The request has no redirect_uri.' };
  if (params.redirect_uri !== client.redirectUri) {
    return { ok: false, problem: 'The redirect_uri does not match the one registered for this application.' };
  }
  if (params.response_type !== 'code') return { ok: false, problem: 'The response_type must be code.' };

  const challenge = params.code_challenge || null;
  const method = params.code_challenge_method || null;
  if (method !== null && challenge === null) return { ok: false, problem: 'A code_challenge_method was sent without a code_challenge.' };
  if (challenge !== null && method !== 'S256') {
    return { ok: false, problem: 'Only the S256 code_challenge_method is supported (plain is refused).' };
  }
  if (challenge !== null && !isS256Challenge(challenge)) return { ok: false, problem: 'The code_challenge is not a valid S256 challenge.' };

  return {
    ok: true,
    request: { client, redirectUri: params.redirect_uri, state: params.state || null, codeChallenge: challenge },
  };
}
