/**
 * The public entry of the storage module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Files go to the active object store (/sys/os).
 */
export { putFile, readFile } from './storage.service.ts';
