/**
 * The spec's curl examples, run as written against the service: form data as
 * `curl -d` sends it (application/x-www-form-urlencoded, values not encoded),
 * the Accept versions the spec shows, the subscription's wire quirks. Uses
 * the real curl when the machine has it.
 */
import { execFile, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, authorizationCode, startTestPbx, type TestPbx } from './harness';

const CURL_AVAILABLE = spawnSync('curl', ['--version']).status === 0;

interface CurlResult {
  status: number;
  headers: Headers;
  body: string;
}

/** `curl -sS -i <args>`, or the same request through fetch when curl is absent. */
function curl(...args: string[]): Promise<CurlResult> {
  return CURL_AVAILABLE ? spawnCurl(args) : emulateCurl(args);
}

function spawnCurl(args: string[]): Promise<CurlResult> {
  return new Promise((resolve, reject) => {
    // Asynchronous: the service answers from this same process.
    execFile('curl', ['-sS', '-i', ...args], (error, stdout) => {
      if (error) return reject(error);
      const [head = '', ...rest] = stdout.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = new Headers();
      for (const line of headerLines) headers.append(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

async function emulateCurl(args: string[]): Promise<CurlResult> {
  let method: string | undefined;
  let url = '';
  const headers = new Headers();
  const data: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const value = args[index + 1] ?? '';
    if (arg === '-X') method = value;
    else if (arg === '-H') headers.append(value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1).trim());
    else if (arg === '-d') data.push(value);
    else {
      url = arg;
      continue;
    }
    index++;
  }
  if (data.length > 0 && !headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded');
  const response = await fetch(url, { method: method ?? (data.length > 0 ? 'POST' : 'GET'), headers, body: data.length > 0 ? data.join('&') : undefined });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

describe(`the spec's curl examples (${CURL_AVAILABLE ? 'curl' : 'fetch standing in for curl'})`, () => {
  let pbx: TestPbx;
  let base: string;
  let accessToken: string;
  beforeAll(async () => {
    pbx = await startTestPbx();
    base = pbx.url;
  });
  afterAll(() => pbx.close());

  it('4.1 Client Credentials Grant: issues the access token response of 2.1', async () => {
    const result = await curl(
      '-X', 'POST', `${base}/api/oauth/token/`,
      '-d', 'grant_type=client_credentials',
      '-d', `client_id=${ACME.app.clientId}`,
      '-d', `client_secret=${ACME.app.clientSecret}`,
    );
    expect(result.status).toBe(200);
    const body = JSON.parse(result.body);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['access_token', 'scope', 'token_type', 'expires_in', 'expires']));
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3599, expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/) });
    accessToken = body.access_token;
  });

  it('4.1 Authorization Code Grant: exchanges a code with the registered redirect_uri sent raw, then refreshes', async () => {
    const code = await authorizationCode(pbx);
    const exchanged = await curl(
      '-X', 'POST', `${base}/api/oauth/token/`,
      '-d', 'grant_type=authorization_code',
      '-d', `client_id=${ACME.app.clientId}`,
      '-d', `client_secret=${ACME.app.clientSecret}`,
      '-d', `code=${code}`,
      '-d', `redirect_uri=${ACME.app.redirectUri}`,
    );
    expect(exchanged.status).toBe(200);
    const tokens = JSON.parse(exchanged.body);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3599, refresh_token: expect.any(String) });

    const refreshed = await curl(
      '-X', 'POST', `${base}/api/oauth/token/`,
      '-d', 'grant_type=refresh_token',
      '-d', `refresh_token=${tokens.refresh_token}`,
      '-d', `client_id=${ACME.app.clientId}`,
      '-d', `client_secret=${ACME.app.clientSecret}`,
    );
    expect(refreshed.status).toBe(200);
    expect(JSON.parse(refreshed.body).refresh_token).toBe(tokens.refresh_token);
  });

  it('4.3 live call queue stats with version 1.4.0: 201 and the fields of 2.2', async () => {
    const result = await curl(
      `${base}/api/call_queues/stats/live/`,
      '-H', `Authorization: Bearer ${accessToken}`,
      '-H', 'Accept: application/vnd.service.v1.4.0+json',
    );
    expect(result.status).toBe(201);
    expect(result.headers.get('content-type')).toBe('application/vnd.service.v1.4.0+json');
    const stats = JSON.parse(result.body) as Array<Record<string, unknown>>;
    expect(stats).toHaveLength(ACME.company.queues.length);
    for (const entry of stats) {
      expect(Object.keys(entry).sort()).toEqual(
        ['available_agents', 'avg_wait', 'calls_waiting', 'max_wait', 'num_agents', 'queue', 'unavailable_agents'],
      );
    }
  });

  it('4.4 to 4.6 subscriptions with version 1.2.0: create, renew with the same id, read, delete', async () => {
    const create = () =>
      curl(
        '-X', 'POST', `${base}/api/subscriptions/`,
        '-H', `Authorization: Bearer ${accessToken}`,
        '-H', 'Accept: application/vnd.service.v1.2.0+json',
        '-H', 'Content-Type: application/json',
        '-d', JSON.stringify({ post_uri: 'http://127.0.0.1:9/webhook', expires_in: '3600', calls: true }),
      );
    const created = await create();
    expect(created.status).toBeLessThan(300);
    const subscription = JSON.parse(created.body);
    expect(subscription).toEqual({
      id: expect.stringMatching(/^\d{16}$/),
      post_uri: 'http://127.0.0.1:9/webhook',
      expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/),
      events: { type: 'calls' },
    });

    pbx.clock.advance(1_000);
    expect(JSON.parse((await create()).body).id).toBe(subscription.id);

    pbx.clock.advance(1_000);
    const read = await curl(
      `${base}/api/subscriptions/${subscription.id}/`,
      '-H', `Authorization: Bearer ${accessToken}`,
      '-H', 'Accept: application/vnd.service.v1.2.0+json',
    );
    expect(read.status).toBe(200);
    // The read response's id is a JSON number of 16 digits: compare the text, not a parsed double.
    expect(read.body).toContain(`"id":${subscription.id},`);
    expect(JSON.parse(read.body)).toMatchObject({ post_uri: 'http://127.0.0.1:9/webhook', events: [{ type: 'calls' }] });

    pbx.clock.advance(1_000);
    const deleted = await curl(
      '-X', 'DELETE', `${base}/api/subscriptions/${subscription.id}/`,
      '-H', `Authorization: Bearer ${accessToken}`,
      '-H', 'Accept: application/vnd.service.v1.2.0+json',
    );
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
  });
});
