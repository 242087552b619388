/**
 * lib/realtime: the wallboard's live server. server.ts wires the core, the
 * Socket.IO push and the webhook intake; the supervisor's server actions save
 * settings through getServerContext(). Contracts shared with the screens live in
 * ./types, ./events and ./control.
 */
export { createLiveCore, type LiveCore } from './live-core';
export { createRealtimeServer, type RealtimeServer } from './socket-server';
export { createWebhookIntake, type WebhookIntakeDeps } from './webhook-intake';
export { loadSettings, saveAlerts, saveThresholds } from './settings';
