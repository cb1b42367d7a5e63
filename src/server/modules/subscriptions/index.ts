/** The subscriptions module's public entry (docs/messaging.md "Subscription messages"). */
export { SUBSCRIPTION_CHANNEL, queueTicketSubscriptions } from './subscribe-send.ts';
