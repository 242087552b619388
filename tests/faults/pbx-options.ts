/** The demo service's options for fault tests: port 0, quiet, no simulator, no rate limits. */
import { pbxOptionsFromEnv } from '@/lib/pbx';

export const demoPbxOptions = { ...pbxOptionsFromEnv({ PBX_PORT: '0', PBX_LOG_LEVEL: 'silent', PBX_SIMULATOR: 'off' }), rateLimitMultiplier: null };

const acme = demoPbxOptions.seed.companies[0];
if (!acme?.apps[0]) throw new Error('the demo seed has a company with an app');
export const ACME = { company: acme, app: acme.apps[0] };
