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
export { StoreError, type StoreErrorCode } from './errors';
export { openStore, type OpenStoreOptions } from './open-store';
export { createMemoryStore } from './memory-store';
