/**
 * Agents per extension, as call events show them: idle, ringing or on a call,
 * and the queues they take calls for. Turning busy or free moves the
 * availability of every queue they are known to serve.
 */
import type { AgentLive } from '../types';
import { touch, trimMap } from './bounded';
import { emptyChange, type Change } from './change';
import type { AgentRecord, LiveState } from './model';
import { memberBusyChanged, refreshQueue } from './queue-estimate';
import { sameJson } from './same-json';

/** Who is busy on which leg of which call. */
interface Engagement {
  state: 'ringing' | 'on_call';
  callId: string;
  legId: string;
}

/** The agent's phone rings or they are talking; the latest engagement wins. */
export function engageAgent(state: LiveState, extension: string, engagement: Engagement, at: number, change: Change): void {
  const agent = agentFor(state, extension, at, change);
  const wasBusy = agent.state !== 'idle';
  if (agent.state !== engagement.state || agent.callId !== engagement.callId) agent.since = at;
  agent.state = engagement.state;
  agent.callId = engagement.callId;
  agent.legId = engagement.legId;
  if (!wasBusy) busyChanged(state, agent, at, change);
  refreshAgent(agent, change);
}

/** Frees the agent if this call (and this leg, when given) is what keeps them busy. */
export function releaseAgent(state: LiveState, extension: string, callId: string, legId: string | null, at: number, change: Change): void {
  const agent = state.agents.get(extension);
  if (!agent || agent.callId !== callId || (legId !== null && agent.legId !== legId)) return;
  agent.state = 'idle';
  agent.since = at;
  agent.callId = null;
  agent.legId = null;
  busyChanged(state, agent, at, change);
  refreshAgent(agent, change);
}

/** An agent rang for a queue's caller, so they take that queue's calls. */
export function learnMembership(state: LiveState, extension: string, queueId: string, at: number, change: Change): void {
  const agent = agentFor(state, extension, at, change);
  if (agent.queues.includes(queueId) || agent.queues.length >= state.options.caps.queuesPerAgent) return;
  agent.queues = [...agent.queues, queueId].sort();
  const queue = state.queues.get(queueId);
  if (queue) {
    queue.members.add(extension);
    refreshQueue(state, queueId, at, change);
  }
  refreshAgent(agent, change);
}

export function nameAgent(state: LiveState, extension: string, name: string, at: number, change: Change): void {
  const agent = agentFor(state, extension, at, change);
  agent.name = name;
  refreshAgent(agent, change);
}

/** A name learned outside call events (a sign-in). */
export function noteAgentName(state: LiveState, extension: string, name: string): Change {
  const change = emptyChange();
  nameAgent(state, extension, name, state.lastInputAt, change);
  return change;
}

function agentFor(state: LiveState, extension: string, at: number, change: Change): AgentRecord {
  let agent = state.agents.get(extension);
  if (!agent) {
    const fields: Omit<AgentRecord, 'view'> = { extension, name: null, state: 'idle', since: at, callId: null, legId: null, queues: [] };
    agent = { ...fields, view: viewOf(fields) };
    change.agents.add(extension);
  }
  touch(state.agents, extension, agent);
  trimMap(state.agents, state.options.caps.agents, (_extension, evicted) => forgetAgent(state, evicted, at, change));
  return agent;
}

function forgetAgent(state: LiveState, agent: AgentRecord, at: number, change: Change): void {
  for (const queueId of agent.queues) {
    if (state.queues.get(queueId)?.members.delete(agent.extension)) refreshQueue(state, queueId, at, change);
  }
  change.agents.delete(agent.extension);
}

function busyChanged(state: LiveState, agent: AgentRecord, at: number, change: Change): void {
  for (const queueId of agent.queues) memberBusyChanged(state, queueId, agent.state !== 'idle', at, change);
}

function refreshAgent(agent: AgentRecord, change: Change): void {
  const view = viewOf(agent);
  if (sameJson(view, agent.view)) return;
  agent.view = view;
  change.agents.add(agent.extension);
}

function viewOf(agent: Omit<AgentRecord, 'view'>): AgentLive {
  return { extension: agent.extension, name: agent.name, state: agent.state, since: agent.since, callId: agent.callId, queues: agent.queues };
}
