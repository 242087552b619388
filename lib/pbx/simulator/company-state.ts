/** The live picture of one company's phones: agents, queues and the calls in progress. */
import type { SeedCompany } from '../directory/schemas';
import type { Call } from './call-model';

export type Presence = 'available' | 'away';

export interface Agent {
  extension: string;
  name: string;
  /** What the user chose; busy is derived from callId. */
  presence: Presence;
  /** The call ringing or connected at this extension, if any. */
  callId: string | null;
  /** Since when the agent has been free: the longest idle agent is offered the next call. */
  idleSince: number;
}

export interface CompanyState {
  id: string;
  domain: string;
  timeZone: string;
  agents: Map<string, Agent>;
  /** Queue id → member extensions, in seed order. */
  queues: Map<string, string[]>;
  calls: Map<string, Call>;
  /** Queue id → call ids the queue holds (queued or offering), oldest first. */
  waiting: Map<string, string[]>;
}

export function createCompanyState(company: SeedCompany, now: number): CompanyState {
  const agents = new Map<string, Agent>();
  for (const user of company.users) {
    agents.set(user.extension, { extension: user.extension, name: user.name, presence: 'available', callId: null, idleSince: now });
  }
  const queues = new Map<string, string[]>();
  for (const queue of company.queues) {
    queues.set(queue.id, [...queue.members]);
    for (const member of queue.members) {
      if (!agents.has(member)) {
        agents.set(member, { extension: member, name: `Extension ${member}`, presence: 'available', callId: null, idleSince: now });
      }
    }
  }
  return {
    id: company.id,
    domain: company.domain,
    timeZone: company.timeZone,
    agents,
    queues,
    calls: new Map(),
    waiting: new Map(company.queues.map((queue) => [queue.id, []])),
  };
}

export function isFree(agent: Agent): boolean {
  return agent.presence === 'available' && agent.callId === null;
}

export type AgentStatus = 'available' | 'busy' | 'away';

/** Presence as a wallboard shows it: busy while ringing or on a call. */
export function agentStatus(agent: Agent): AgentStatus {
  if (agent.callId !== null) return 'busy';
  return agent.presence;
}

export function sipAddress(extension: string, domain: string): string {
  return `sip:${extension}@${domain}`;
}

/** Queues an extension belongs to. */
export function queuesOf(state: CompanyState, extension: string): string[] {
  return [...state.queues].filter(([, members]) => members.includes(extension)).map(([id]) => id);
}
