/**
 * lib/cluster: the wallboard as several identical instances behind a load
 * balancer, on Redis (Socket.IO adapter, live log, leader lease) and
 * PostgreSQL (the shared store). lib/runtime wires it in when REDIS_URL is set.
 */
export { connectCluster } from './cluster-node';
export { clusterKeys } from './cluster-keys';
export type { StartLeaderDuties } from './leadership';
