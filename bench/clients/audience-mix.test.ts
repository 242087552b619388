import { describe, expect, it } from 'vitest';
import { agentExtensions, audienceMix } from './audience-mix';

describe('audienceMix', () => {
  it('splits 1,000 sockets into 900 walls, 50 supervisors and 50 agents on distinct extensions', () => {
    const mix = audienceMix(1000);
    const count = (view: string) => mix.filter((spec) => spec.view === view).length;
    expect([count('wall'), count('supervisor'), count('agent')]).toEqual([900, 50, 50]);
    expect(new Set(agentExtensions(mix)).size).toBe(50);
  });

  it('keeps one supervisor and one agent when the fleet is tiny', () => {
    expect(audienceMix(3).map((spec) => spec.view)).toEqual(['wall', 'supervisor', 'agent']);
  });
});
