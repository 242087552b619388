import { expect, test } from '@playwright/test';
import { signIn } from './helpers/sign-in';
import { connectSocket, cookieHeader } from './helpers/socket';

test.describe('socket handshakes', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a socket without a session is refused for every view', async ({ baseURL }) => {
    for (const view of ['wall', 'agent', 'supervisor']) {
      expect(await connectSocket(baseURL!, { auth: { view } }), view).toEqual({ kind: 'refused', code: 'unauthorized' });
    }
  });

  test('a forged session cookie and an unknown display token are refused', async ({ baseURL }) => {
    expect(await connectSocket(baseURL!, { auth: { view: 'wall' }, cookie: 'next-auth.session-token=forged.jwt.value' })).toEqual({
      kind: 'refused',
      code: 'unauthorized',
    });
    expect(await connectSocket(baseURL!, { auth: { view: 'wall', displayToken: 'A'.repeat(43) } })).toEqual({
      kind: 'refused',
      code: 'unauthorized',
    });
  });

  test('an agent’s session gets their own agent stream but not the supervisor’s', async ({ page, context, baseURL }) => {
    await signIn(page, 'erin', 'demo1234');
    const cookie = await cookieHeader(context);

    expect(await connectSocket(baseURL!, { auth: { view: 'supervisor' }, cookie })).toEqual({ kind: 'refused', code: 'forbidden' });

    const agent = await connectSocket(baseURL!, { auth: { view: 'agent' }, cookie });
    expect(agent.kind).toBe('connected');
    if (agent.kind !== 'connected') return;
    try {
      expect((await agent.firstSnapshot).audience).toBe('agent');
    } finally {
      agent.socket.close();
    }
  });

  test('signing out ends the person’s open sockets', async ({ page, context, baseURL }) => {
    await signIn(page, 'farid', 'demo1234');
    const agent = await connectSocket(baseURL!, { auth: { view: 'agent' }, cookie: await cookieHeader(context) });
    expect(agent.kind).toBe('connected');
    if (agent.kind !== 'connected') return;
    try {
      const disconnected = new Promise<string>((resolve) => agent.socket.once('disconnect', resolve));
      await page.evaluate(async () => {
        const { csrfToken } = await (await fetch('/api/auth/csrf')).json();
        await fetch('/api/auth/signout', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrfToken, json: 'true' }),
        });
      });
      expect(await disconnected).toBe('io server disconnect');
    } finally {
      agent.socket.close();
    }
  });
});
