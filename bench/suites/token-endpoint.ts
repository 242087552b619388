/**
 * Client credentials tokens per second from the sandbox's token endpoint and
 * from oidc-provider (the reference OAuth server for Node) on the same machine,
 * each in a process of its own, driven the same way one after the other.
 */
import { createHttpPoster } from '../load/http-poster';
import { runForDuration } from '../load/run-schedule';
import { sampleProcess, type ProcessUsage } from '../measure/proc-stats';
import type { Profile } from '../profiles';
import type { BenchRow, SuiteResult } from '../report/bench-row';
import { startOidcProvider, startSandbox, type ServerChild } from './bench-processes';

const DEMO_APP = { clientId: 'wallboard-demo', clientSecret: 'wallboard-demo-secret-change-me' };
const REFERENCE_CLIENT = { clientId: 'bench-client', clientSecret: 'bench-client-secret-of-thirty-two-chars' };
const WARM_UP_MS = 500;

interface TokenRun {
  tokensPerSecond: number;
  failed: number;
  usage: ProcessUsage;
}

export async function runTokenEndpoint(profile: Profile): Promise<SuiteResult> {
  const sandbox = await startSandbox({ PBX_SIMULATOR: 'off', PBX_RATE_LIMITS: 'off' });
  const ours = await measure(sandbox, `${sandbox.url}/api/oauth/token/`, DEMO_APP, profile).finally(() => sandbox.stop());
  const reference = await startOidcProvider(REFERENCE_CLIENT);
  const floor = await measure(reference, reference.webhookUrl, REFERENCE_CLIENT, profile).finally(() => reference.stop());
  const rows: BenchRow[] = [
    {
      measurement: `Token endpoint, client credentials: sandbox vs oidc-provider (${profile.token.workers} in flight)`,
      ours: ours.tokensPerSecond,
      unit: 'tokens/s',
      baseline: floor.tokensPerSecond,
      ratio: ours.tokensPerSecond / floor.tokensPerSecond,
    },
  ];
  return { suite: 'token-endpoint', rows, details: { sandbox: ours, oidcProvider: floor } };
}

async function measure(server: ServerChild, url: string, client: { clientId: string; clientSecret: string }, profile: Profile): Promise<TokenRun> {
  const { durationMs, workers } = profile.token;
  const poster = createHttpPoster({ connections: workers });
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }).toString();
  let ok = 0;
  let failed = 0;
  const request = async () => {
    const { status } = await poster.post(url, form, 'application/x-www-form-urlencoded');
    if (status === 200) ok += 1;
    else failed += 1;
  };
  await runForDuration(WARM_UP_MS, workers, request);
  ok = 0;
  failed = 0;
  const sampler = sampleProcess(server.pid);
  const began = performance.now();
  await runForDuration(durationMs, workers, request);
  const seconds = (performance.now() - began) / 1000;
  const usage = sampler.stop();
  poster.close();
  return { tokensPerSecond: ok / seconds, failed, usage };
}
