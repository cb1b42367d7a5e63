// scratch (issue 29): a new cycle, storage <-> health
import '../storage/storage.service.ts';
export const scratchB = 1;
