/**
 * The public entry of the face-devices module: the settings a face device works with (a check-in
 * path may read the direction or admitted health codes). Routes are registered by app.ts.
 */
export { faceProfile, settingsView } from './face-devices.service.ts';
export { faceEvents, faceSettings } from './face-devices.table.ts';
