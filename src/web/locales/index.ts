import type { moduleNamespaces } from './modules.ts';
import type { shellNamespaces } from './shell.ts';

/**
 * Every namespace of console texts, as a type (lib/i18n.ts and list-page labels check keys against
 * it). At run time the shell's are bundled (shell.ts) and the modules' load on demand (modules.ts).
 */
export type Namespaces = typeof shellNamespaces & typeof moduleNamespaces;
export type Namespace = keyof Namespaces;
