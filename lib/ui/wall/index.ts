export { DEFAULT_BUSINESS_HOURS, parseBusinessHours } from './business-hours';
export { WallScreen } from './wall-screen';
