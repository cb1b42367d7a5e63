import { SHOP_INVOICE_KIND } from '../../../../shared/dict/shop-store.ts';
import type { Db } from '../../../db/client.ts';
import { shopStoreSettings } from '../shop-store.table.ts';

/** The first demo area's store invoice settings: both kinds of e-invoice, buyers may ask for them. */
export async function seedDemoStore(db: Db, scenicId: number): Promise<void> {
  await db.insert(shopStoreSettings).values({
    scenicId,
    issuerName: '青山湖景区文旅发展有限公司',
    // a made-up code with a valid check character (GB 32100)
    taxpayerId: '91330106MA2H3QTH05',
    address: '杭州市临安区青山湖街道湖滨路 8 号',
    phone: '0571-63700000',
    bankName: '中国工商银行杭州临安支行',
    bankAccount: '1202020709900012345',
    invoiceKinds: [SHOP_INVOICE_KIND.normal, SHOP_INVOICE_KIND.special],
    itemName: '旅游纪念品',
    taxCode: '1060512990000000000',
    taxRate: 1300,
    remarks: '',
    buyerMayRequest: true,
  });
}
