/**
 * The floor: the least a server can do to put a webhook on every screen. It
 * reads the POSTed body, checks it is JSON, and sends it once serialised to
 * every raw WebSocket client. No auth, no state, no rooms, no coalescing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { parentChannel } from '../process/bench-child';
import { memoryFigures, type ServerCommand, type ServerReply } from './server-protocol';

const parent = parentChannel<ServerCommand, ServerReply>();
const MAX_BODY_BYTES = 1024 * 1024;

const httpServer = createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(405).end();
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    let message: string;
    try {
      message = JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      return void res.writeHead(400).end();
    }
    for (const client of sockets.clients) client.send(message);
    res.writeHead(204).end();
  });
});
const sockets = new WebSocketServer({ server: httpServer, perMessageDeflate: false });

await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

parent.onCommand((command) => {
  if (command.type === 'memory') parent.reply({ type: 'memory', figures: memoryFigures() });
});
parent.reply({ type: 'ready', url, webhookUrl: `${url}/broadcast` });
