import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import {
  shopStoreInvoiceApi,
  ShopStoreInvoiceSaveSchema,
  ShopStoreInvoiceSchema,
  type ShopStoreInvoice,
} from '../../../../shared/api/shop-store.ts';
import { SHOP_INVOICE_KIND } from '../../../../shared/dict/shop-store.ts';
import type { Db } from '../../../db/client.ts';
import { scenicScope } from '../../../http/access.ts';
import { audited, registerAction } from '../../../http/action.ts';
import { ok } from '../../../http/envelope.ts';
import { writeAudit } from '../../audit/index.ts';
import { shopPerm } from '../shop-access.ts';
import { shopStoreSettings, type ShopStoreSetting } from '../shop-store.table.ts';

/** What the form starts from before the first save: normal e-invoices at 13 %, buyers may not ask yet. */
const DEFAULTS: ShopStoreInvoice = {
  issuerName: '',
  taxpayerId: '',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  invoiceKinds: [SHOP_INVOICE_KIND.normal],
  itemName: '',
  taxCode: '',
  taxRate: 1300,
  remarks: '',
  buyerMayRequest: false,
  updateTime: null,
};

const toView = (r: ShopStoreSetting): ShopStoreInvoice => ({
  issuerName: r.issuerName,
  taxpayerId: r.taxpayerId,
  address: r.address,
  phone: r.phone,
  bankName: r.bankName,
  bankAccount: r.bankAccount,
  invoiceKinds: [...r.invoiceKinds].sort((a, b) => a - b),
  itemName: r.itemName,
  taxCode: r.taxCode,
  taxRate: r.taxRate,
  remarks: r.remarks,
  buyerMayRequest: r.buyerMayRequest,
  updateTime: r.updatedAt.toISOString(),
});

/** The store invoice settings of an area, or null before the first save (for the invoice module). */
export async function storeInvoiceSettings(db: Db, scenicId: number): Promise<ShopStoreInvoice | null> {
  const [row] = await db.select().from(shopStoreSettings).where(eq(shopStoreSettings.scenicId, scenicId));
  return row ? toView(row) : null;
}

/** docs/product.md §2 /shop/storeInvoiceSet: the acting area's store invoice settings. */
export async function shopStoreRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.get(
    shopStoreInvoiceApi.query,
    {
      config: { access: shopPerm('shop:invoiceSet:page') },
      schema: {
        tags: ['shop'],
        summary:
          "The acting area's store invoice settings (the defaults, updateTime null, before the first save)",
        response: { 200: envelopeSchema(ShopStoreInvoiceSchema) },
      },
    },
    async (req) => ok(req, (await storeInvoiceSettings(db, scenicScope(req))) ?? DEFAULTS),
  );

  registerAction(root, {
    url: shopStoreInvoiceApi.save,
    access: shopPerm('shop:invoiceSet:edit'),
    tag: 'shop',
    summary:
      'Save the store invoice settings (issuer, taxpayer id checked as a unified social credit code, kinds, defaults); audited',
    body: ShopStoreInvoiceSaveSchema,
    response: ShopStoreInvoiceSchema,
    audit: { write: writeAudit, module: 'shop', action: 'update', targetType: 'shopStoreSetting' },
    run: async (tx, { scenicId, adminId, ...body }) => {
      const values = { ...body, invoiceKinds: [...body.invoiceKinds].sort((a, b) => a - b) };
      // the row lock orders two saves of one area, so each audit row's "before" is the other's "after"
      const [before] = await tx
        .select()
        .from(shopStoreSettings)
        .where(eq(shopStoreSettings.scenicId, scenicId))
        .for('update');
      const [row] = await tx
        .insert(shopStoreSettings)
        .values({ scenicId, ...values, updatedBy: adminId })
        .onConflictDoUpdate({
          target: shopStoreSettings.scenicId,
          set: { ...values, updatedBy: adminId, updatedAt: sql`now()` },
        })
        .returning();
      const saved = toView(row!);
      return audited(saved, {
        targetId: scenicId,
        action: before ? 'update' : 'create',
        before: before ? toView(before) : null,
        after: saved,
      });
    },
  });
}
