export { createDirectory, type Directory, type DirectoryUser, type RegisteredClient } from './directory';
export { DEMO_SEED_PATH, loadSeed, withDemoRedirectUri } from './load-seed';
export type { Seed } from './schemas';
