export { createSubscriptionRoutes } from './routes';
export { createSubscriptionStore, type Subscription, type SubscriptionStore } from './subscription-store';
export { describeIssue } from './schemas';
