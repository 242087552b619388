export { formatApproximateDuration, formatDuration, formatElapsed, secondsSince } from './duration';
export { formatPhoneNumber, isE164 } from './phone';
export { formatTimeOfDay, zonedWeekMinute } from './time-of-day';
export { ordinal } from './ordinal';
