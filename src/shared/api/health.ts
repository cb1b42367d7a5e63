import { endpoints } from './endpoints.ts';

/** Liveness and readiness probes (docs/operations.md), at the root: `/healthz`, `/readyz`. */
export const healthApi = endpoints('', ['healthz', 'readyz']);
