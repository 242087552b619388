export { createDelivery, type Delivery, type DeliveryTarget } from './delivery';
export type { DeliveryKind, DeliveryLogEntry } from './delivery-log';
export { newSigningSecret } from './signature';
