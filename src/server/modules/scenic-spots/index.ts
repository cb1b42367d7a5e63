/**
 * The public entry of the scenic-spots module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). The map guide's spots are these spots (docs/decisions.md).
 */
export { scenicSpots, type ScenicSpot } from './scenic-spots.table.ts';
