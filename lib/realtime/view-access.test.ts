import { describe, expect, it } from 'vitest';
import type { SocketGrant } from './events';
import { decideView, streamKeyOf } from './view-access';

const now = Date.UTC(2026, 10, 21, 9, 0);
const later = now + 3_600_000;

const supervisor: SocketGrant = { kind: 'user', userId: 'u1', name: 'Sam', role: 'supervisor', extension: null, expiresAt: later };
const agent101: SocketGrant = { kind: 'user', userId: 'u2', name: 'Ann', role: 'agent', extension: '101', expiresAt: later };
const display: SocketGrant = {
  kind: 'display',
  displayId: 'd1',
  config: { name: 'Floor 1', queues: ['support', 'sales'], views: ['queues'], rotateSeconds: 30 },
};

describe('decideView', () => {
  it('grants any view when the grant is a supervisor', () => {
    expect(decideView(supervisor, { view: 'supervisor' }, now)).toEqual({
      ok: true,
      grant: supervisor,
      view: { audience: 'supervisor' },
      streamKey: 'supervisor',
    });
    expect(decideView(supervisor, { view: 'wall' }, now)).toMatchObject({ ok: true, streamKey: 'wall' });
  });

  it('grants the agent their own extension when an agent asks for the agent view', () => {
    expect(decideView(agent101, { view: 'agent' }, now)).toEqual({
      ok: true,
      grant: agent101,
      view: { audience: 'agent', extension: '101' },
      streamKey: 'agent:101',
    });
  });

  it('ignores a requested extension when an agent names someone else', () => {
    expect(decideView(agent101, { view: 'agent', extension: '102' }, now)).toMatchObject({ streamKey: 'agent:101' });
  });

  it('grants the wall when an agent asks for it', () => {
    expect(decideView(agent101, { view: 'wall' }, now)).toMatchObject({ ok: true, view: { audience: 'wall' } });
  });

  it('refuses with forbidden when an agent asks for the supervisor view', () => {
    expect(decideView(agent101, { view: 'supervisor' }, now)).toEqual({ ok: false, code: 'forbidden' });
  });

  it('refuses with forbidden when a user without an extension asks for the agent view', () => {
    expect(decideView(supervisor, { view: 'agent' }, now)).toEqual({ ok: false, code: 'forbidden' });
  });

  it('grants the wall of its queues when a display asks for the wall', () => {
    expect(decideView(display, { view: 'wall', displayToken: 'tok' }, now)).toEqual({
      ok: true,
      grant: display,
      view: { audience: 'wall', queues: ['support', 'sales'] },
      streamKey: 'wall:["sales","support"]',
    });
  });

  it('grants the whole wall when a display follows all queues', () => {
    const all: SocketGrant = { ...display, config: { ...display.config, queues: 'all' } };
    expect(decideView(all, { view: 'wall' }, now)).toMatchObject({ view: { audience: 'wall' }, streamKey: 'wall' });
  });

  it('refuses with forbidden when a display asks for anything but the wall', () => {
    expect(decideView(display, { view: 'supervisor' }, now)).toEqual({ ok: false, code: 'forbidden' });
    expect(decideView(display, { view: 'agent' }, now)).toEqual({ ok: false, code: 'forbidden' });
  });

  it('refuses with unauthorized when there is no grant', () => {
    expect(decideView(null, { view: 'wall' }, now)).toEqual({ ok: false, code: 'unauthorized' });
  });

  it('refuses with unauthorized when the session has expired', () => {
    expect(decideView({ ...agent101, expiresAt: now }, { view: 'wall' }, now)).toEqual({ ok: false, code: 'unauthorized' });
  });

  it('refuses with invalid_payload when the view is unknown or missing', () => {
    expect(decideView(agent101, { view: 'admin' }, now)).toEqual({ ok: false, code: 'invalid_payload' });
    expect(decideView(agent101, undefined, now)).toEqual({ ok: false, code: 'invalid_payload' });
  });
});

describe('streamKeyOf', () => {
  it('gives walls of the same queues one key whatever their order', () => {
    expect(streamKeyOf({ audience: 'wall', queues: ['b', 'a', 'b'] })).toBe(streamKeyOf({ audience: 'wall', queues: ['a', 'b'] }));
  });
});
