import checks from './invoice-checks.locale.ts';
import list from './invoice-list.locale.ts';
import setting from './invoice-setting.locale.ts';

/**
 * The invoice screens (/invoice). Each screen keeps its texts in its own namespace; field labels and
 * states are in src/shared/dict/invoices.ts.
 */
export default { ...setting, ...list, ...checks };
