/**
 * The reference token endpoint: oidc-provider (panva), the certified OAuth 2.0 /
 * OpenID Connect server for Node, with one confidential client allowed the client
 * credentials grant and client_secret_post, as the sandbox's demo app is. Its
 * tokens are opaque and kept in its default in-memory store, like the sandbox's.
 * Config (argv[2], JSON): { clientId, clientSecret }.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { z } from 'zod';
import { parentChannel } from '../process/bench-child';
import { memoryFigures, type ServerCommand, type ServerReply } from './server-protocol';

/** argv[2], JSON: the one client's credentials. */
const client = z.object({ clientId: z.string().min(1), clientSecret: z.string().min(32) }).parse(JSON.parse(process.argv[2] ?? '{}'));

const parent = parentChannel<ServerCommand, ServerReply>();
const httpServer = createServer();
await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

const provider = new Provider(url, {
  clients: [
    {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  features: { clientCredentials: { enabled: true }, devInteractions: { enabled: false } },
  // The sandbox's access tokens live an hour (spec 3.3).
  ttl: { ClientCredentials: 3600 },
});
httpServer.on('request', provider.callback());

parent.onCommand((command) => {
  if (command.type === 'memory') parent.reply({ type: 'memory', figures: memoryFigures() });
});
parent.reply({ type: 'ready', url, webhookUrl: `${url}/token` });
