import { endpoints } from './endpoints.ts';

/** Liveness and readiness probes and the embedded database's backup (docs/operations.md), at the root: `/healthz`, `/readyz`, `/backup`. */
export const healthApi = endpoints('', ['healthz', 'readyz', 'backup']);
