import type listPage from '../components/list-page/list-page.locale.ts';
import type richText from '../components/rich-text/rich-text.locale.ts';
import type shipBadge from '../modules/shop/ship-badge.locale.ts';
import type { WEB_MODULES } from '../app/modules.ts';
import type { MenuTitle } from '../app/route-types.ts';
import type { Messages } from './define.ts';
import type { shellNamespaces } from './shell.ts';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type LocalesOf<M> = M extends { locales: () => Promise<{ default: infer N }> } ? N : never;

/** The namespaces of every module's `<module>.locale.ts` (loaded with the module's screens). */
type ModuleNamespaces = UnionToIntersection<LocalesOf<(typeof WEB_MODULES)[number]>>;

/**
 * Every namespace of console texts, as a type (lib/i18n.ts and list-page labels check keys against
 * it). At run time the shell's are bundled (shell.ts); each module's load with its screens, and the
 * `menu` titles with the route table (app/route-table.tsx).
 */
export type Namespaces = typeof shellNamespaces &
  ModuleNamespaces &
  typeof listPage &
  typeof richText &
  typeof shipBadge & { menu: Messages<MenuTitle> };
export type Namespace = keyof Namespaces;
