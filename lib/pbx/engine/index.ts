export { createEngine } from './create-engine';
export type { Engine, EngineOptions, WireQueueStats } from './types';
