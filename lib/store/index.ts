export type {
  CdrStore,
  DisplayRecord,
  DisplayStore,
  PairingRecord,
  SettingsStore,
  Store,
  SubscriptionRecord,
  SubscriptionStore,
} from './types';
export { StoreError } from './errors';
export { openStore } from './open-store';
export { createMemoryStore } from './memory-store';
