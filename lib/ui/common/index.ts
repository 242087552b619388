export { PauseIcon, PhoneIcon, TrendIcon } from './icons';
export { LevelBadge } from './level-badge';
export { LEVEL_SURFACE, LEVEL_TEXT } from './level-style';
export { useServerNow } from './use-server-now';
export { DegradedBanner } from './degraded-banner';
export { useAlertSound } from './use-alert-sound';
export { SignOutButton } from './sign-out-button';
