// scratch (issue 29): a central file naming a module
import '../modules/storage/storage.service.ts';
export const scratchC = 1;
