export { activeCrossings, crossingsToSound, levelsByKey, type Crossing, type LevelsByKey } from './alert-crossings';
export { assessDegradation, RECONNECT_GRACE_MS, type Degradation } from './freshness';
export { buildQueueBoard, type QueueBoard, type QueueFigures } from './queue-board';
export type { Level } from './thresholds';
export { forecastText } from './forecast-text';
