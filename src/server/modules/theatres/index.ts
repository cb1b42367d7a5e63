/**
 * The public entry of the theatres module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { claimSeats, findShow, releaseSeats, sellSeats } from './theatres.service.ts';
export { showSeats, theatreShows } from './theatres.table.ts';
