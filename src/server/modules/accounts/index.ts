/**
 * The public entry of the accounts module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { isPlatform, keepingWildcard } from './accounts.service.ts';
export { adminRoles, admins, rolePermissions, roles } from './accounts.table.ts';
export { checkGrantable, checkWithinReach, ungrantable } from './privilege.ts';
export { AREA_DEFAULT_ROLES, createAreaAdmin, createAreaRoles } from './area-setup.ts';
export {
  accountRows,
  createAccount,
  resetAccountPassword,
  resetPasswordMove,
  setAccountsStatus,
  updateAccount,
  type AccountHooks,
} from './account-ops.ts';
export { permissionsOfRoles } from './privilege.ts';
export { revokeSessions, sessionRevokers, type SessionRevoker } from './account-sessions.ts';
