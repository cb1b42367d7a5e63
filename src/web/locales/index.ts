import type { ConsoleModules } from '../lib/web-module.ts';
import type { Messages } from './define.ts';
import type { menuGroupTitles } from './menu-groups.ts';
import type { shellNamespaces } from './shell.ts';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
/** Any module's manifest (each adds itself to `ConsoleModules`: src/web/lib/web-module.ts). */
type Manifest = ConsoleModules[keyof ConsoleModules];
type TextsOf<M> = M extends { locales: () => Promise<{ default: infer N }> } ? N : never;
type TitlesOf<M> = M extends { menu: { zh: infer Z } } ? keyof Z & string : never;

/**
 * Namespaces of the texts files that load with the screens but are no module's `<module>.locale.ts`
 * (the list page's, the rich-text editor's, a top-bar badge's own). Each such file adds its
 * namespaces here by declaration merging (`declare module '…/locales/index.ts'`), so this file
 * imports none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the texts files
export interface LoadedNamespaces {}

/** The title keys of the sidebar's groups and of every module's routes (the `menu` namespace). */
export type MenuTitle = keyof (typeof menuGroupTitles)['zh'] | TitlesOf<Manifest>;

/**
 * Every namespace of console texts, as a type (lib/i18n.ts and list-page labels check keys against
 * it). At run time the shell's are bundled (shell.ts); each module's load with its screens, and the
 * `menu` titles with the route table (app/route-table.tsx).
 */
export type Namespaces = typeof shellNamespaces &
  UnionToIntersection<TextsOf<Manifest>> &
  LoadedNamespaces & { menu: Messages<MenuTitle> };
export type Namespace = keyof Namespaces;
