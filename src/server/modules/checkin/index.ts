/**
 * The public entry of the checkin module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { gateEvents } from './checkin.table.ts';
export { maskScanned } from './gate-events.ts';
export {
  gateCodeReaders,
  type GateCodeReader,
  type GateCodeScan,
  type GateEventSubject,
} from './gate-code-readers.ts';
