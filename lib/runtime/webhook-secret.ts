import { randomBytes } from 'node:crypto';
import type { SettingsStore } from '@/lib/store/types';

const KEY = 'webhook.path-secret';

/**
 * The unguessable part of the webhook path. Kept in the store so the post_uri,
 * and with it the upstream subscription id, survives restarts.
 */
export async function loadWebhookSecret(
  settings: SettingsStore,
  newSecret: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const existing = await settings.get(KEY);
  if (typeof existing === 'string' && existing.length >= 32) return existing;
  const secret = newSecret();
  await settings.put(KEY, secret);
  return secret;
}

export function webhookPath(secret: string): string {
  return `/api/webhooks/telephony/${secret}`;
}
