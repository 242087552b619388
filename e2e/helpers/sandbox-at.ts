/**
 * A telephony sandbox at a given address (the Playwright-managed one on 4100,
 * or one a test started itself): scripted calls, and what the service itself
 * says is waiting, read through its own API as any client would (spec 4.1 and 4.3).
 */
import { expect, type APIRequestContext } from '@playwright/test';

/** The demo company's app (lib/pbx/directory/demo-seed.json); demo credentials printed at every start. */
const DEMO_APP = { clientId: 'wallboard-demo', clientSecret: 'wallboard-demo-secret-change-me' };

interface QueueStatsEntry {
  queue: string;
  calls_waiting: number;
}

export interface SandboxAt {
  placeQueueCall(queue: string, caller: { number: string; name: string }): Promise<string>;
  /** Ends a call if it is still up; a call that already ended (or a sandbox that restarted) is fine. */
  endCall(callId: string): Promise<void>;
  /** Callers waiting per queue, as the service's live stats report them now. */
  callsWaiting(): Promise<Map<string, number>>;
}

export function sandboxAt(request: APIRequestContext, baseUrl: string): SandboxAt {
  return {
    async placeQueueCall(queue, caller) {
      const response = await request.post(`${baseUrl}/sandbox/calls`, { data: { queue, caller_id: caller.number, caller_name: caller.name } });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { call_id: string }).call_id;
    },
    async endCall(callId) {
      await request.post(`${baseUrl}/sandbox/calls/${callId}/hangup`, { data: {}, failOnStatusCode: false }).catch(() => undefined);
    },
    async callsWaiting() {
      const token = await request.post(`${baseUrl}/api/oauth/token/`, {
        form: { grant_type: 'client_credentials', client_id: DEMO_APP.clientId, client_secret: DEMO_APP.clientSecret },
      });
      expect(token.status(), await token.text()).toBe(200);
      const { access_token: accessToken } = (await token.json()) as { access_token: string };
      const stats = await request.get(`${baseUrl}/api/call_queues/stats/live/`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(stats.ok(), await stats.text()).toBe(true);
      const entries = (await stats.json()) as QueueStatsEntry[];
      return new Map(entries.map((entry) => [entry.queue, entry.calls_waiting]));
    },
  };
}
