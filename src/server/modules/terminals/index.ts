/**
 * The public entry of the terminals module: what other modules may use (gates, windows and
 * machines of later slices refer to a terminal).
 */
export { terminals, terminalEvents, type Terminal } from './terminals.table.ts';
export { logTerminalEvent } from './terminals.service.ts';
export {
  sellingTerminalKind,
  terminalOfKind,
  terminalProfiles,
  type TerminalProfile,
  type TerminalProfileLoader,
} from './terminals.service.ts';
export { deviceTerminal, logDeviceRefusals } from './device-auth.ts';
export { demoTerminalSteps } from './terminals.seed.ts';
