/**
 * Pairing a TV by code. The TV makes its own display token and sends only its
 * hash; the supervisor who types the code turns that hash into a display. The
 * token itself never leaves the TV.
 */
import type { DisplayConfig } from '@/lib/realtime/events';
import type { DisplayRecord, Store } from '@/lib/store';
import { AuthError } from './errors';
import { generatePairingCode, normalizePairingCode, PAIRING_CODE_TTL_MS } from './pairing-code';

interface PairingDeps {
  store: Pick<Store, 'displays'>;
  now: () => number;
  newPairingCode?: () => string;
}

const CODE_ATTEMPTS = 5;

/**
 * A new code for a TV; expired codes are swept on the way, since only TVs
 * create them. The lifetime is given in seconds too: the TV times renewal on
 * its own clock, which may disagree with ours.
 */
export async function requestPairing(
  tokenHash: string,
  deps: PairingDeps,
): Promise<{ code: string; expiresAt: number; expiresInSeconds: number }> {
  const now = deps.now();
  await deps.store.displays.deletePairingsExpiredBefore(now);
  const newCode = deps.newPairingCode ?? generatePairingCode;
  for (let attempt = 1; ; attempt++) {
    const record = { code: newCode(), tokenHash, createdAt: now, expiresAt: now + PAIRING_CODE_TTL_MS, displayId: null };
    try {
      await deps.store.displays.createPairing(record);
      return { code: record.code, expiresAt: record.expiresAt, expiresInSeconds: PAIRING_CODE_TTL_MS / 1000 };
    } catch (error) {
      // A clash with a live code is rare (29^6 codes); drawing again is the whole remedy.
      if (!isStoreConflict(error) || attempt === CODE_ATTEMPTS) throw error;
    }
  }
}

/** Whether a supervisor has paired the TV whose token has this hash (and not revoked it since). */
export async function isPaired(tokenHash: string, deps: Pick<PairingDeps, 'store'>): Promise<boolean> {
  const display = await deps.store.displays.findByTokenHash(tokenHash);
  return display !== null && display.revokedAt === null;
}

export async function pairDisplay(
  input: { code: string; config: DisplayConfig },
  deps: PairingDeps & { newDisplayId: () => string },
): Promise<DisplayRecord> {
  const code = normalizePairingCode(input.code);
  const pairing = code === null ? null : await deps.store.displays.getPairing(code);
  const now = deps.now();
  if (!pairing || pairing.expiresAt <= now) {
    throw new AuthError('pairing_not_found', 'No TV shows this code. Check it, or wait for the TV to show a new one.');
  }
  if (pairing.displayId !== null || (await deps.store.displays.findByTokenHash(pairing.tokenHash))) {
    throw new AuthError('pairing_used', 'This code has already been used to pair a display.');
  }
  const display: DisplayRecord = {
    id: deps.newDisplayId(),
    tokenHash: pairing.tokenHash,
    config: input.config,
    createdAt: now,
    lastSeenAt: null,
    status: null,
    revokedAt: null,
  };
  try {
    await deps.store.displays.create(display);
  } catch (error) {
    // Two supervisors typing the same code at once: the store's unique token hash lets one win.
    if (isStoreConflict(error)) {
      throw new AuthError('pairing_used', 'This code has already been used to pair a display.');
    }
    throw error;
  }
  await deps.store.displays.updatePairing(pairing.code, { displayId: display.id });
  return display;
}

/**
 * A StoreError with code 'conflict', recognised by shape: route code is bundled
 * by Next apart from server.ts, which made the store, so the class the store
 * threw is not the class this module would import.
 */
function isStoreConflict(error: unknown): boolean {
  return error instanceof Error && error.name === 'StoreError' && (error as { code?: unknown }).code === 'conflict';
}
