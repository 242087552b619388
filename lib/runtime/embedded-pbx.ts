/**
 * The embedded default upstream: with TELEPHONY_BASE_URL unset, the wallboard
 * starts the service (lib/pbx) in-process and still talks to it only over HTTP.
 * Its port and other settings are its own PBX_* variables.
 */
import { describePbx, pbxOptionsFromEnv, startPbx } from '@/lib/pbx';

export async function startEmbeddedPbx(source: Record<string, string | undefined>, wallboard: { publicUrl: string }) {
  // Embedded, the service's per-request log would drown the wallboard's own; PBX_LOG_LEVEL still wins.
  const options = pbxOptionsFromEnv({ PBX_LOG_LEVEL: 'warn', ...source });
  // The sign-in redirect must come back to this wallboard, wherever it is published.
  const configured = { ...options, demoRedirectUri: options.demoRedirectUri ?? `${wallboard.publicUrl}/api/auth/callback/telephony` };
  const pbx = await startPbx(configured);
  return { ...pbx, describe: () => describePbx(pbx.url, configured) };
}
