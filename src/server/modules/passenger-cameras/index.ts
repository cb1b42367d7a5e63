/** The public entry of the passenger-cameras module (routes are registered by app.ts). */
export { cameraSettings, crowdWarnings, passengerCounts } from './passenger-cameras.table.ts';
