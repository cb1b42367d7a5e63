import auth from './auth.ts';
import { common } from './common.ts';
import copyright from './copyright.ts';
import errors from './errors.ts';
import { layout } from './layout.ts';
import { widgets } from './widgets.ts';

/**
 * Texts of the login route and the shell (layout, public pages: sign-in, copyright, errors):
 * bundled with the first load, so they live here rather than in their modules' folders. The
 * screens behind the layout bring their own (src/web/lib/web-module.ts).
 */
export const shellNamespaces = {
  common,
  layout,
  widgets,
  ...auth,
  ...errors,
  ...copyright,
};
