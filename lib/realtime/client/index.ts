export type { ConnectionState, ConnectionStatus } from './connection-watch';
export { sendDisplayStatus } from './socket';
export { useLive } from './use-live';
