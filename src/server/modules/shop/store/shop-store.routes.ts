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
import { requireAuth, scenicScope } from '../../../http/access.ts';
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

  // hand-registered: not yet an action (issue 29), a staff write still to convert
  app.post(
    shopStoreInvoiceApi.save,
    {
      config: { access: shopPerm('shop:invoiceSet:edit') },
      schema: {
        tags: ['shop'],
        summary:
          'Save the store invoice settings (issuer, taxpayer id checked as a unified social credit code, kinds, defaults); audited',
        body: ShopStoreInvoiceSaveSchema,
        response: { 200: envelopeSchema(ShopStoreInvoiceSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const scenicId = scenicScope(req);
      const values = { ...req.body, invoiceKinds: [...req.body.invoiceKinds].sort((a, b) => a - b) };
      const saved = await db.transaction(async (tx) => {
        // the row lock orders two saves of one area, so each audit row's "before" is the other's "after"
        const [before] = await tx
          .select()
          .from(shopStoreSettings)
          .where(eq(shopStoreSettings.scenicId, scenicId))
          .for('update');
        const [row] = await tx
          .insert(shopStoreSettings)
          .values({ scenicId, ...values, updatedBy: auth.adminId })
          .onConflictDoUpdate({
            target: shopStoreSettings.scenicId,
            set: { ...values, updatedBy: auth.adminId, updatedAt: sql`now()` },
          })
          .returning();
        await writeAudit(tx, req, {
          module: 'shop',
          action: before ? 'update' : 'create',
          targetType: 'shopStoreSetting',
          targetId: scenicId,
          before: before ? toView(before) : null,
          after: toView(row!),
        });
        return row!;
      });
      return ok(req, toView(saved));
    },
  );
}
