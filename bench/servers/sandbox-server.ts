/**
 * The telephony service's sandbox (lib/pbx) in a process of its own, so its
 * CPU is not the load generator's. Config (argv[2], JSON): PBX_* variables.
 */
import { z } from 'zod';
import { pbxOptionsFromEnv, startPbx } from '@/lib/pbx';
import { parentChannel } from '../process/bench-child';
import { memoryFigures, type ServerCommand, type ServerReply } from './server-protocol';

const variables = z.record(z.string(), z.string()).parse(JSON.parse(process.argv[2] ?? '{}'));
const parent = parentChannel<ServerCommand, ServerReply>();
const pbx = await startPbx(pbxOptionsFromEnv({ PBX_PORT: '0', PBX_LOG_LEVEL: 'silent', ...variables }));

parent.onCommand((command) => {
  if (command.type === 'memory') parent.reply({ type: 'memory', figures: memoryFigures() });
});
parent.reply({ type: 'ready', url: pbx.url, webhookUrl: '' });
