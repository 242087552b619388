export { createEngine } from './create-engine';
export type { Engine, EngineOptions } from './types';
