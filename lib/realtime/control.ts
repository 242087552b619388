import type { DisplayCommand } from './events';
import type { AlertSettings, Thresholds } from './types';

/**
 * What HTTP code (route handlers, server actions) may ask of the live server.
 * Route code never imports socket.io; server.ts registers the implementation
 * through lib/server-context.
 */
export interface RealtimeControl {
  /** Pushes settings that were just stored to every audience. */
  settingsChanged(change: { thresholds?: Thresholds; alerts?: AlertSettings }): void;
  sendDisplayCommand(displayId: string, command: DisplayCommand): void;
  /** Ends every socket of a display (revocation). */
  disconnectDisplay(displayId: string): void;
  /** Ends every socket of a signed-in user (sign-out). */
  disconnectUser(userId: string): void;
}
