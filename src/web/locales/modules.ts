import { dashboard } from './dashboard.ts';
import { inventory } from './inventory.ts';
import { listPage } from './list-page.ts';
import { logs } from './logs.ts';
import { notices } from './notices.ts';
import { oauth } from './oauth.ts';
import { refunds } from './refunds.ts';
import { visitors } from './visitors.ts';
import { orders } from './orders.ts';
import { printTemplates } from './print-templates.ts';
import { products } from './products.ts';
import { scenic } from './scenic.ts';
import { staffCards } from './staff-cards.ts';
import { sys } from './sys.ts';
import { theatres } from './theatres.ts';

/**
 * Texts of the screens behind the layout: one chunk, loaded with the first such screen (see
 * lib/i18n.ts `loadModuleLocales`), so the login route does not carry them. A module adds its file here.
 */
export const moduleNamespaces = {
  dashboard,
  scenic,
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
  refunds,
  visitors,
  orders,
};
