export type {
  CdrStore,
  DisplayRecord,
  DisplayStore,
  SettingsStore,
  Store,
  SubscriptionRecord,
} from './types';
export { openStore } from './open-store';
export { createMemoryStore } from './memory-store';
