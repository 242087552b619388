import { randomBytes } from 'node:crypto';
import type { SettingsStore } from '@/lib/store';

const KEY = 'webhook.path-secret';

interface WebhookSecretOptions {
  newSecret?: () => string;
  /**
   * Settles on one candidate when several instances start on an empty store at
   * once (a cluster: first claim wins, in Redis). Each would otherwise store its
   * own secret and all but the last would serve a path the subscription does not use.
   */
  claim?: (candidate: string) => Promise<string>;
}

/**
 * The unguessable part of the webhook path. Kept in the store so the post_uri,
 * and with it the upstream subscription id, survives restarts.
 */
export async function loadWebhookSecret(settings: SettingsStore, options: WebhookSecretOptions = {}): Promise<string> {
  const existing = await settings.get(KEY);
  if (typeof existing === 'string' && existing.length >= 32) return existing;
  const candidate = (options.newSecret ?? (() => randomBytes(32).toString('base64url')))();
  const secret = options.claim ? await options.claim(candidate) : candidate;
  await settings.put(KEY, secret);
  return secret;
}

export function webhookPath(secret: string): string {
  return `/api/webhooks/telephony/${secret}`;
}
