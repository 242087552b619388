/**
 * The viewer mix: 90% wall screens, 5% supervisors, 5% agents (at least
 * one of each), every agent on an extension of their own, as on a real floor.
 */
import type { ClientSpec } from './fleet-protocol';

const FIRST_AGENT_EXTENSION = 1000;

export function audienceMix(clients: number): ClientSpec[] {
  const agents = Math.max(1, Math.round(clients * 0.05));
  const supervisors = Math.max(1, Math.round(clients * 0.05));
  const walls = Math.max(0, clients - agents - supervisors);
  return [
    ...Array.from({ length: walls }, (): ClientSpec => ({ view: 'wall' })),
    ...Array.from({ length: supervisors }, (): ClientSpec => ({ view: 'supervisor' })),
    ...Array.from({ length: agents }, (_, i): ClientSpec => ({ view: 'agent', extension: String(FIRST_AGENT_EXTENSION + i) })),
  ];
}

export function agentExtensions(specs: ClientSpec[]): string[] {
  return specs.flatMap((spec) => (spec.view === 'agent' && spec.extension ? [spec.extension] : []));
}
