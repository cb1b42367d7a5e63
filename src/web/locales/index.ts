import { auth } from './auth.ts';
import { common } from './common.ts';
import { copyright } from './copyright.ts';
import { dashboard } from './dashboard.ts';
import { errors } from './errors.ts';
import { layout } from './layout.ts';
import { menu } from './menu.ts';
import { profile } from './profile.ts';
import { scenic } from './scenic.ts';
import { widgets } from './widgets.ts';

/** Every namespace of console texts; a module adds its own file here. */
export const namespaces = {
  common,
  menu,
  layout,
  auth,
  errors,
  copyright,
  dashboard,
  profile,
  scenic,
  widgets,
};
export type Namespace = keyof typeof namespaces;
