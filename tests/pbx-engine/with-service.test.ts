import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '@/lib/clock';
import { pbxOptionsFromEnv, startPbx, type RunningPbx } from '@/lib/pbx';
import { startTestReceiver, type TestReceiver } from '@/lib/pbx/delivery/test-receiver';

/** The engine inside the real service: OAuth token, versioned API, sandbox, deliveries. */
describe('engine in the service', () => {
  const options = pbxOptionsFromEnv({ PBX_PORT: '0', PBX_LOG_LEVEL: 'silent', PBX_SIMULATOR: 'off', PBX_RATE_LIMITS: 'off' });
  const app = options.seed.companies[0]!.apps[0]!;
  let pbx: RunningPbx;
  let clock: ManualClock;
  let receiver: TestReceiver;
  let token: string;

  beforeAll(async () => {
    clock = createManualClock();
    receiver = await startTestReceiver();
    pbx = await startPbx(options, { clock });
    const response = await fetch(`${pbx.url}/api/oauth/token/`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret }),
    });
    token = ((await response.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await pbx.close();
    await receiver.close();
  });

  const api = (path: string, init: RequestInit & { version: string }) =>
    fetch(`${pbx.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, accept: `application/vnd.service.v${init.version}+json`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
  const sandbox = async (path: string, body: object) =>
    (await fetch(`${pbx.url}/sandbox${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json() as Promise<{ call_id: string }>;

  it('counts each stats poll the service answered', async () => {
    for (let i = 0; i < 3; i++) expect((await api('/api/call_queues/stats/live/', { version: '1.4.0' })).status).toBe(201);
    const counts = (await (await fetch(`${pbx.url}/sandbox/requests`)).json()) as { counts: Record<string, number> };
    expect(counts.counts['GET /api/call_queues/stats/live/']).toBe(3);
  });

  it('delivers a sandbox call to a subscription created with a real token', async () => {
    const created = await api('/api/subscriptions/', { version: '1.2.0', method: 'POST', body: JSON.stringify({ post_uri: receiver.url('/wallboard'), expires_in: '3600', calls: true }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = (await (await api(`/api/subscriptions/${id}/`, { version: '1.2.0' })).json()) as { id: number };
    expect(read.id).toBe(Number(id));
    await receiver.waitFor('/wallboard', 1);
    await clock.advanceAsync(1500);
    await receiver.waitFor('/wallboard', 2);

    const call = await sandbox('/calls', { queue: 'Sales' });
    await sandbox(`/calls/${call.call_id}/ring`, {});
    await sandbox(`/calls/${call.call_id}/answer`, {});
    await sandbox(`/calls/${call.call_id}/hangup`, {});
    const received = await receiver.waitFor('/wallboard', 6);
    expect(received.map((r) => (r.body as { calls?: { to: { state: string } }; state?: string }).calls?.to.state ?? (r.body as { state: string }).state)).toEqual([
      'preparing',
      'ready',
      'active',
      'ringing',
      'active',
      'ended',
    ]);
    expect((await api(`/api/subscriptions/${id}/`, { version: '1.2.0', method: 'DELETE' })).status).toBe(204);
  });
});
