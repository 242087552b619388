export { createDelivery, type Delivery, type DeliveryTarget } from './delivery';
export { newSigningSecret } from './signature';
