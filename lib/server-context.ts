/**
 * Objects the custom server creates once and Next's route code must share.
 * Next bundles route handlers separately from server.ts, so module-level
 * singletons are not shared; a globalThis key is.
 */
import type { RealtimeControl } from './realtime/control';
import type { Store } from './store/types';

export interface ServerContext {
  store: Store;
  realtime: RealtimeControl;
}

const KEY = Symbol.for('wallboard.server-context');
type Holder = { [KEY]?: ServerContext };

export function setServerContext(context: ServerContext): void {
  (globalThis as Holder)[KEY] = context;
}

export function getServerContext(): ServerContext {
  const context = (globalThis as Holder)[KEY];
  if (!context) throw new Error('Server context is not set: start the wallboard with server.ts');
  return context;
}
