import { auth } from './auth.ts';
import { common } from './common.ts';
import { copyright } from './copyright.ts';
import { errors } from './errors.ts';
import { layout } from './layout.ts';
import { menu } from './menu.ts';
import { profile } from './profile.ts';
import { widgets } from './widgets.ts';

/** Texts of the login route and the shell (layout, public pages): bundled with the first load. */
export const shellNamespaces = {
  common,
  menu,
  layout,
  auth,
  errors,
  copyright,
  profile,
  widgets,
};
