/**
 * The load balancer in front of the instances, as far as webhooks go: each
 * request to the next instance in turn, and to the one after when an instance
 * refuses the connection (it is dead), as nginx's proxy_next_upstream does. A
 * request an instance accepted is never sent twice. It records what it
 * forwarded, so a test can redeliver a message to another instance.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Forwarded {
  port: number;
  path: string;
  body: string;
}

export interface FrontDoor {
  url: string;
  route(ports: number[]): void;
  forwarded: Forwarded[];
  close(): Promise<void>;
}

export async function startFrontDoor(): Promise<FrontDoor> {
  let ports: number[] = [];
  let turn = 0;
  const forwarded: Forwarded[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      for (let tried = 0; tried < ports.length; tried++) {
        const port = ports[turn++ % ports.length]!;
        try {
          const answer = await forward(port, req, body);
          forwarded.push({ port, path: req.url ?? '/', body });
          res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') break;
        }
      }
      res.writeHead(502).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    route: (next) => void (ports = next),
    forwarded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A fresh connection each time (agent: false), so a dead instance refuses it rather than failing mid-request on a pooled one. */
function forward(port: number, req: IncomingMessage, body: string): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, agent: false, headers: { 'content-type': req.headers['content-type'] ?? 'application/octet-stream' } },
      (answer) => {
        void readBody(answer).then(
          (text) => resolve({ status: answer.statusCode ?? 502, contentType: String(answer.headers['content-type'] ?? 'text/plain'), body: text }),
          reject,
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
