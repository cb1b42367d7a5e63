/**
 * The public entry of the reservations module: what other modules may use (the gate admits a
 * booking by its code). Routes are registered through the module's manifest, never imported.
 */
export { admitBookingAtGate, bookingOf, moveBooking } from './reservations.service.ts';
export { reservations } from './reservations.table.ts';
