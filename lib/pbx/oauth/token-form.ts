/**
 * The token endpoint's form (RFC 6749 §3.2), one zod schema per grant. Empty
 * values count as absent and repeated parameters are refused, both per
 * RFC 6749 §3.1; unknown parameters are ignored.
 */
import { z } from 'zod';
import { OAuthError } from './errors';

export type TokenForm = Record<string, string>;

export const ClientCredentialsForm = z.object({ grant_type: z.literal('client_credentials') });

export const AuthorizationCodeForm = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string(),
  redirect_uri: z.string(),
  code_verifier: z.string().optional(),
});

export const RefreshTokenForm = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string(),
});

/** client_secret_post credentials (RFC 6749 §2.3.1); absent when the client uses HTTP Basic. */
export const ClientCredentialsInForm = z.object({
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

/** The parsed body as flat strings, or invalid_request naming the repeated parameter. */
export function toTokenForm(body: Record<string, string | string[]> | undefined): TokenForm {
  const form: TokenForm = {};
  for (const [name, value] of Object.entries(body ?? {})) {
    if (Array.isArray(value)) throw new OAuthError('invalid_request', `parameter '${name}' must not be repeated`);
    if (value !== '') form[name] = value;
  }
  return form;
}

export function parseTokenForm<T extends z.ZodType>(schema: T, form: TokenForm): z.infer<T> {
  const parsed = schema.safeParse(form);
  if (parsed.success) return parsed.data;
  const name = String(parsed.error.issues[0]?.path[0] ?? 'request');
  throw new OAuthError(
    'invalid_request',
    form[name] === undefined ? `missing required parameter '${name}'` : `invalid parameter '${name}'`,
  );
}
