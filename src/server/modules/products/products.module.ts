import { defineServerModule } from '../../lib/server-module.ts';
import { agreementUses, noticeUses } from '../notices/index.ts';
import { printTemplateUses } from '../print-templates/index.ts';
import { productsOfAgreement, productsOfNotice, productsOfPrintTemplate } from './product-uses.ts';
import { productRoutes } from './products.routes.ts';
import { seedDemoProducts } from './products.seed.ts';

export default defineServerModule({
  name: 'products',
  routes: [productRoutes],
  seedDemo: seedDemoProducts,
  // the delete guards of agreements, notice templates and print templates count the products using them
  plugs: [
    agreementUses.plug(productsOfAgreement),
    noticeUses.plug(productsOfNotice),
    printTemplateUses.plug(productsOfPrintTemplate),
  ],
});
