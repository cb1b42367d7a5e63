import { auth } from './auth.ts';
import { common } from './common.ts';
import { copyright } from './copyright.ts';
import { dashboard } from './dashboard.ts';
import { errors } from './errors.ts';
import { layout } from './layout.ts';
import { listPage } from './list-page.ts';
import { logs } from './logs.ts';
import { menu } from './menu.ts';
import { oauth } from './oauth.ts';
import { profile } from './profile.ts';
import { scenic } from './scenic.ts';
import { sys } from './sys.ts';
import { widgets } from './widgets.ts';
import { products } from './products.ts';
import { inventory } from './inventory.ts';
import { theatres } from './theatres.ts';
import { staffCards } from './staff-cards.ts';
import { printTemplates } from './print-templates.ts';
import { notices } from './notices.ts';

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
  listPage,
  logs,
  oauth,
  sys,
  products,
  inventory,
  theatres,
  staffCards,
  printTemplates,
  notices,
};
export type Namespace = keyof typeof namespaces;
