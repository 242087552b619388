export { createSubscriptionRoutes, type SubscriptionRoutesDeps } from './routes';
export { createSubscriptionStore, type Subscription, type SubscriptionStore } from './subscription-store';
export { describeIssue, type EventType } from './schemas';
