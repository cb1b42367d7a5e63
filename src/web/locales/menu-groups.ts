import type { Lang } from '../../shared/dict/dict.ts';
import { MODULE_GROUP_NAMES, MODULE_GROUPS, type ModuleGroupName } from '../../shared/module-groups.ts';
import type { Messages } from './define.ts';

/** A sidebar group's title key: a module group's name, or the hidden profile group's. */
export type MenuGroupTitle = ModuleGroupName | 'profile';

function titles(lang: Lang, profile: string): Record<MenuGroupTitle, string> {
  const groups = MODULE_GROUP_NAMES.map((name) => [name, MODULE_GROUPS[name].label[lang]]);
  return { ...(Object.fromEntries(groups) as Record<ModuleGroupName, string>), profile };
}

/**
 * The titles of the sidebar's groups (src/web/app/menu-groups.ts), in the `menu` namespace: the
 * module groups' labels (src/shared/module-groups.ts, shared with the role editor and the audit
 * log) and the profile group, which is the console's own.
 */
export const menuGroupTitles: Messages<MenuGroupTitle> = {
  zh: titles('zh', '个人中心'),
  en: titles('en', 'Profile'),
};
