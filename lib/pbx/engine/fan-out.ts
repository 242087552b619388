/** Which subscriptions receive a simulator event (spec 6): ready, subscribed to its type, and matching the user filter. */
import { usersOfCdr, usersOfMessage } from '../simulator/call-model';
import type { SimulatorEvent } from '../simulator';
import type { Subscription } from '../subscriptions';

export function subscribersOf(subscriptions: Subscription[], event: SimulatorEvent): Subscription[] {
  const type = event.kind === 'call' ? 'calls' : 'cdrs';
  // A CDR goes to a user-filtered subscriber whole when any of its legs is theirs (README decision).
  const users = event.kind === 'call' ? usersOfMessage(event.message) : usersOfCdr(event.records);
  return subscriptions.filter(
    (subscription) =>
      subscription.state === 'ready' && subscription.types.includes(type) && (subscription.users === null || users.some((user) => subscription.users!.includes(user))),
  );
}

export function initMessages(subscription: Subscription): Array<{ msg: string; state: 'preparing' }> {
  return subscription.types.map((type) => ({ msg: `Preparing subscription for: ${type}`, state: 'preparing' }));
}

export const READY_MESSAGE = { msg: 'You have been subscribed to your requested subscriptions.', state: 'ready' } as const;
