/**
 * The public entry of the travel module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). The orders module takes and gives back departure seats
 * through it; routes are registered by app.ts, never imported.
 */
export { releaseDepartureSeats, resolveDeparture, takeDepartureSeats } from './travel-seats.ts';
export type { DepartureLine } from './travel-seats.ts';
export { travelDepartures, travelPackages } from './travel.table.ts';
