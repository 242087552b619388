export { createSimulator, type Simulator, type SimulatorEvent, type SimulatorSettings, type CallStep, type PlaceCallRequest, type AgentView } from './simulator';
export type { Call, CallMessage, CdrRecord } from './call-model';
export { SimulatorError, type SimulatorErrorCode } from './errors';
