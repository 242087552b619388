/**
 * What a supervisor does to displays: link, re-target, reload, revoke. Changes
 * are stored first, then pushed to the TV over its socket, so a TV that is off
 * picks them up at its next handshake.
 */
import type { DisplayConfig, DisplayStatus } from '@/lib/realtime/events';
import type { RealtimeControl } from '@/lib/realtime/control';
import type { DisplayRecord, Store } from '@/lib/store';
import { generateDisplayToken, hashDisplayToken } from './display-token';
import { AuthError } from './errors';

export interface DisplayDeps {
  store: Pick<Store, 'displays'>;
  realtime: Pick<RealtimeControl, 'sendDisplayCommand' | 'disconnectDisplay'>;
  now: () => number;
  newDisplayId: () => string;
  newDisplayToken?: () => string;
  /** The wallboard's public URL, for display links. */
  publicUrl: string;
}

/** A display as the supervisor's list shows it: never its token hash. */
export interface DisplaySummary {
  id: string;
  config: DisplayConfig;
  createdAt: number;
  lastSeenAt: number | null;
  status: DisplayStatus | null;
}

export function summarizeDisplay(display: DisplayRecord): DisplaySummary {
  const { id, config, createdAt, lastSeenAt, status } = display;
  return { id, config, createdAt, lastSeenAt, status };
}

/** Displays in service, oldest first; revoked ones are kept only to refuse their tokens. */
export async function listDisplays(deps: Pick<DisplayDeps, 'store'>): Promise<DisplaySummary[]> {
  const displays = await deps.store.displays.list();
  return displays.filter((display) => display.revokedAt === null).map(summarizeDisplay);
}

/**
 * A display for a screen that cannot show a pairing code. The token travels in
 * the URL fragment, which browsers never send to a server, and is shown once:
 * only its hash is stored.
 */
export async function createDisplayLink(
  config: DisplayConfig,
  deps: DisplayDeps,
): Promise<{ display: DisplaySummary; link: string }> {
  const token = (deps.newDisplayToken ?? generateDisplayToken)();
  const display: DisplayRecord = {
    id: deps.newDisplayId(),
    tokenHash: hashDisplayToken(token),
    config,
    createdAt: deps.now(),
    lastSeenAt: null,
    status: null,
    revokedAt: null,
  };
  await deps.store.displays.create(display);
  return { display: summarizeDisplay(display), link: `${deps.publicUrl}/wall#display=${token}` };
}

export async function configureDisplay(id: string, config: DisplayConfig, deps: DisplayDeps): Promise<DisplaySummary> {
  await activeDisplay(id, deps);
  const updated = await deps.store.displays.update(id, { config });
  if (!updated) throw notFound();
  deps.realtime.sendDisplayCommand(id, { type: 'configure', config });
  return summarizeDisplay(updated);
}

export async function reloadDisplay(id: string, deps: DisplayDeps): Promise<void> {
  await activeDisplay(id, deps);
  deps.realtime.sendDisplayCommand(id, { type: 'reload' });
}

/**
 * Stores the revocation before telling the TV, so the reconnect that follows a
 * disconnect is already refused.
 */
export async function revokeDisplay(id: string, deps: DisplayDeps): Promise<void> {
  await activeDisplay(id, deps);
  await deps.store.displays.update(id, { revokedAt: deps.now() });
  deps.realtime.sendDisplayCommand(id, { type: 'revoked' });
  deps.realtime.disconnectDisplay(id);
}

async function activeDisplay(id: string, deps: Pick<DisplayDeps, 'store'>): Promise<DisplayRecord> {
  const display = await deps.store.displays.get(id);
  if (!display) throw notFound();
  if (display.revokedAt !== null) throw new AuthError('display_revoked', 'This display has been revoked.');
  return display;
}

function notFound(): AuthError {
  return new AuthError('display_not_found', 'There is no such display.');
}
