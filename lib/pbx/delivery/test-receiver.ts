/** A real subscriber endpoint on a loopback port, for delivery tests. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: unknown;
}

/** How a path answers: a status code, or 'hang' to never answer (a dead subscriber). */
type Behaviour = number | 'hang';

export interface TestReceiver {
  url(path: string): string;
  received(path?: string): Received[];
  /** Resolves once `path` has received `count` requests. */
  waitFor(path: string, count: number): Promise<Received[]>;
  answer(path: string, behaviour: Behaviour): void;
  close(): Promise<void>;
}

export async function startTestReceiver(): Promise<TestReceiver> {
  const received: Received[] = [];
  const behaviours = new Map<string, Behaviour>();
  const hanging = new Set<ServerResponse>();
  const waiters: Array<{ path: string; count: number; resolve: (r: Received[]) => void }> = [];
  const ofPath = (path: string) => received.filter((r) => r.path === path);

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, raw, body: JSON.parse(raw) });
      const behaviour = behaviours.get(path) ?? 204;
      if (behaviour === 'hang') hanging.add(response);
      else response.writeHead(behaviour).end();
      for (const waiter of [...waiters]) {
        if (waiter.path === path && ofPath(path).length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(ofPath(path));
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received: (path) => (path === undefined ? [...received] : ofPath(path)),
    waitFor(path, count) {
      if (ofPath(path).length >= count) return Promise.resolve(ofPath(path));
      return new Promise((resolve) => waiters.push({ path, count, resolve }));
    },
    answer: (path, behaviour) => behaviours.set(path, behaviour),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
