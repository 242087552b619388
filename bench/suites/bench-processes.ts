/** Starting the benchmark's processes, each ready to use when its promise resolves. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FleetCommand, FleetReply } from '../clients/fleet-protocol';
import { startBenchChild, type BenchChild } from '../process/bench-child';
import type { ServerCommand, ServerReply } from '../servers/server-protocol';

export type ServerChild = BenchChild<ServerCommand, ServerReply> & { url: string; webhookUrl: string };
export type FleetChild = BenchChild<FleetCommand, FleetReply>;

/** --expose-gc lets a memory reading follow a full collection, so it shows what is held, not what awaits collection. */
let SERVER_NODE_ARGS = ['--expose-gc'];

/** Every server started from now on writes a V8 CPU profile into the folder when it stops. */
export function profileServersInto(folder: string): void {
  SERVER_NODE_ARGS = ['--expose-gc', '--cpu-prof', '--cpu-prof-dir', folder];
}
const START_TIMEOUT_MS = 60_000;

async function ready(child: BenchChild<ServerCommand, ServerReply>): Promise<ServerChild> {
  try {
    const { url, webhookUrl } = await child.next('ready', START_TIMEOUT_MS);
    return Object.assign(child, { url, webhookUrl });
  } catch (error) {
    await child.stop();
    throw error;
  }
}

interface LiveServerUpstream {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  statsPollMs: number;
}

/** The wallboard's live server on the memory store, or on a fresh PGlite folder removed when the server stops. */
export async function startLiveServer(options: { store: 'memory' | 'pglite'; upstream?: LiveServerUpstream }): Promise<ServerChild> {
  const dataDir = options.store === 'pglite' ? await mkdtemp(path.join(tmpdir(), 'wallboard-bench-')) : null;
  const config = { store: dataDir ? { pglite: dataDir } : 'memory', upstream: options.upstream ?? null };
  const child = await ready(startBenchChild<ServerCommand, ServerReply>('servers/live-server.ts', { args: [JSON.stringify(config)], nodeArgs: SERVER_NODE_ARGS }));
  const stop = child.stop;
  return Object.assign(child, {
    async stop() {
      await stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  });
}

export function startWsBroadcastServer(): Promise<ServerChild> {
  return ready(startBenchChild<ServerCommand, ServerReply>('servers/ws-broadcast-server.ts', { nodeArgs: SERVER_NODE_ARGS }));
}

/** The telephony sandbox (lib/pbx) with these PBX_* settings. */
export function startSandbox(variables: Record<string, string>): Promise<ServerChild> {
  return ready(startBenchChild<ServerCommand, ServerReply>('servers/sandbox-server.ts', { args: [JSON.stringify(variables)], nodeArgs: SERVER_NODE_ARGS }));
}

export function startOidcProvider(client: { clientId: string; clientSecret: string }): Promise<ServerChild> {
  return ready(startBenchChild<ServerCommand, ServerReply>('servers/oidc-server.ts', { args: [JSON.stringify(client)], nodeArgs: SERVER_NODE_ARGS }));
}

export function startFleet(protocol: 'socket.io' | 'ws', url: string): FleetChild {
  return startBenchChild<FleetCommand, FleetReply>('clients/client-fleet.ts', { args: [JSON.stringify({ protocol, url })] });
}

/** Asks the fleet to disconnect its clients and end. */
export async function closeFleet(fleet: FleetChild): Promise<void> {
  await fleet.ask({ type: 'close' }, 'closed').catch(() => undefined);
  await fleet.stop();
}
