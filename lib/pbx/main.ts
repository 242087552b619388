/**
 * `npm run pbx`: the telephony integration service on its own, configured by
 * PBX_* variables (lib/pbx/env.ts). Prints where it listens and the demo
 * credentials to sign in with.
 */
import { describePbx, pbxOptionsFromEnv, startPbx } from './index';

const options = pbxOptionsFromEnv(process.env);
const pbx = await startPbx(options);
process.stdout.write(`${describePbx(pbx.url, options)}\n\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void pbx.close().then(() => process.exit(0));
  });
}
