export { createSubscriptionRoutes, type SubscriptionRoutesDeps } from './routes';
export { createSubscriptionStore, type Subscription, type SubscriptionStore } from './subscription-store';
export type { EventType } from './schemas';
