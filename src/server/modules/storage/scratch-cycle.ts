// scratch (issue 29): a new cycle, storage <-> health
import '../health/health.module.ts';
export const scratchA = 1;
