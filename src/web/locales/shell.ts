import auth from '../modules/auth/auth.locale.ts';
import copyright from '../modules/copyright/copyright.locale.ts';
import errors from '../modules/errors/errors.locale.ts';
import { common } from './common.ts';
import { layout } from './layout.ts';
import { widgets } from './widgets.ts';

/**
 * Texts of the login route and the shell (layout, public pages): bundled with the first load. The
 * screens behind the layout bring their own (src/web/app/web-module.ts).
 */
export const shellNamespaces = {
  common,
  layout,
  widgets,
  ...auth,
  ...errors,
  ...copyright,
};
