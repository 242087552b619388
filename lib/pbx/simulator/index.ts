export { createSimulator, type Simulator, type SimulatorEvent, type CallStep } from './simulator';
export type { Call } from './call-model';
export { SimulatorError } from './errors';
