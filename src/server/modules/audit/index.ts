/**
 * The public entry of the audit module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { SYSTEM, actorOfRequest, recordAudit, writeAudit } from './audit.service.ts';
export type { AuditActor, AuditEntry } from './audit.service.ts';
export { auditLogs, loginLogs } from './audit.table.ts';
