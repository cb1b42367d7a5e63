import type { DictEntry } from '../dict/dict.ts';
import type { ModuleGroupName } from '../module-groups.ts';

/**
 * A module's permissions (`area:resource:action`, docs/product.md §6) with labels, by module group: the
 * role editor shows them under the groups' labels, in their order (src/shared/module-groups.ts).
 */
export type ModulePermissions = Partial<Record<ModuleGroupName, Record<string, DictEntry>>>;

export function definePermissions<const P extends ModulePermissions>(perms: P): P {
  return perms;
}

/** Grants every permission (docs/product.md §6). */
export const WILDCARD = '*';

/**
 * True when `granted` holds `required`, the full wildcard, or a trailing `*` segment covering it.
 * Here, beside the primitives, not in `perms.ts`: the console's shell checks permissions on every
 * screen, and importing the catalogue (every module's labels) would put it in the first load.
 */
export function hasPermission(granted: readonly string[], required: string): boolean {
  for (const perm of granted) {
    if (perm === WILDCARD || perm === required) return true;
    if (perm.endsWith(':*') && required.startsWith(perm.slice(0, -1))) return true;
  }
  return false;
}
