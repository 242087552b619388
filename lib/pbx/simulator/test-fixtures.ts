/** A small two-company seed and a recording simulator for the simulator's and engine's tests. */
import { createManualClock, type ManualClock } from '@/lib/clock';
import { Seed } from '../directory/schemas';
import type { SimulatorOptions } from '../engine/types';
import type { CallMessage, CdrRecord } from './call-model';
import { seededRandom } from './random';
import { createSimulator, type Simulator } from './simulator';

const user = (id: string, name: string, extension: string) => ({ id, username: name.toLowerCase(), password: 'secret12', name, extension, role: 'Call Center User' as const });
const app = (clientId: string) => ({ name: 'Test', clientId, clientSecret: `${clientId}-secret-0123456789`, redirectUri: 'http://127.0.0.1/cb' });

export const testSeed: Seed = Seed.parse({
  companies: [
    {
      id: 'acme',
      name: 'Acme',
      domain: 'acme.test',
      timeZone: 'Europe/London',
      apps: [app('acme-app')],
      queues: [
        { id: 'Sales', members: ['101', '102'] },
        { id: 'Support', members: ['102', '103'] },
      ],
      users: [user('u101', 'Alice', '101'), user('u102', 'Bob', '102'), user('u103', 'Carmen', '103'), user('u200', 'Sam', '200')],
    },
    {
      id: 'globex',
      name: 'Globex',
      domain: 'globex.test',
      timeZone: 'America/New_York',
      apps: [app('globex-app')],
      queues: [{ id: 'Helpdesk', members: ['301'] }],
      users: [user('g301', 'Otto', '301'), user('g300', 'Gina', '300')],
    },
  ],
});

export interface RecordingSimulator {
  simulator: Simulator;
  clock: ManualClock;
  messages: Array<{ companyId: string; message: CallMessage }>;
  cdrs: Array<{ companyId: string; records: CdrRecord[] }>;
}

export function recordingSimulator(options: Partial<SimulatorOptions> = {}, randomSeed = 7): RecordingSimulator {
  const clock = createManualClock();
  const messages: RecordingSimulator['messages'] = [];
  const cdrs: RecordingSimulator['cdrs'] = [];
  const simulator = createSimulator({
    seed: testSeed,
    clock,
    random: seededRandom(randomSeed),
    options: { enabled: false, timeScale: 1, arrivalsPerMinute: 2, ...options },
    onEvent: (event) => (event.kind === 'call' ? messages.push({ companyId: event.companyId, message: event.message }) : cdrs.push({ companyId: event.companyId, records: event.records })),
  });
  return { simulator, clock, messages, cdrs };
}

/** A compact trace of a message: "from-state > to-user:to-state". */
export function trace(message: CallMessage): string {
  const { from, to } = message.calls;
  return `${from.state} > ${to.user ?? to.id}:${to.state}`;
}
