/**
 * The public entry of the settings module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { DEFAULT_SETTINGS, getScenicSettings } from './settings.service.ts';
export { saveScenicSettings, zoneChangeListeners, type ZoneChangeListener } from './settings.service.ts';
