import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  isCreditCode,
  shopStoreInvoiceApi as api,
  type ShopStoreInvoice,
} from '../../../../shared/api/shop-store.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { data, expect400 } from '../../../test/replies.ts';
import { auditLogs } from '../../audit/index.ts';
import { scenicAreas } from '../../scenic/index.ts';

let t: TestApp;
let ylgz = 0;
const tok: Record<string, string> = {};
const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);

const valid = {
  issuerName: '云岭古镇商贸有限公司',
  taxpayerId: '91530100ma6ylgk00n',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  invoiceKinds: [1],
  itemName: '旅游纪念品',
  taxCode: '1060512990000000000',
  taxRate: 600,
  remarks: '',
  buyerMayRequest: true,
};

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  ylgz = (await t.database.db.select().from(scenicAreas)).find((a) => a.code === 'YLGZ')!.id;
  await t.grant('yunling', ['shop:invoiceSet:page', 'shop:invoiceSet:edit']);
  await t.grant('staff', ['shop:invoiceSet:page']);
  for (const name of ['shop', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

describe('unified social credit codes', () => {
  it('checks the check character', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91330106MA2H3QTH05')).toBe(true);
    // I, O, S, V and Z are not in the alphabet
    expect(isCreditCode('91350100M000100YI3')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
  });
});

describe('store invoice settings (/shop/storeInvoiceSet)', () => {
  it('shows the demo area its seeded settings', async () => {
    const s = await data<ShopStoreInvoice>(call('shop', 'GET', api.query));
    expect(s).toMatchObject({
      taxpayerId: '91330106MA2H3QTH05',
      invoiceKinds: [1, 2],
      buyerMayRequest: true,
    });
    expect(s.updateTime).not.toBeNull();
  });

  it('starts another area from the defaults, saves it (upper-casing the code) and audits the change', async () => {
    const before = await data<ShopStoreInvoice>(call('yunling', 'GET', api.query));
    expect(before).toMatchObject({ issuerName: '', taxRate: 1300, invoiceKinds: [1], updateTime: null });
    const saved = await data<ShopStoreInvoice>(call('yunling', 'POST', api.save, valid));
    expect(saved).toMatchObject({
      issuerName: '云岭古镇商贸有限公司',
      taxpayerId: '91530100MA6YLGK00N',
      taxRate: 600,
    });
    const again = await data<ShopStoreInvoice>(
      call('yunling', 'POST', api.save, {
        ...valid,
        invoiceKinds: [2, 1],
        address: '云南省丽江市古城区 1 号',
        phone: '0888-5100000',
        bankName: '中国农业银行丽江分行',
        bankAccount: '24310101040012345',
      }),
    );
    expect(again.invoiceKinds).toEqual([1, 2]);
    expect((await data<ShopStoreInvoice>(call('yunling', 'GET', api.query))).bankName).toBe(
      '中国农业银行丽江分行',
    );
    // the demo area's settings did not change
    expect((await data<ShopStoreInvoice>(call('shop', 'GET', api.query))).issuerName).toBe(
      '青山湖景区文旅发展有限公司',
    );
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetType, 'shopStoreSetting'))
      .orderBy(asc(auditLogs.id));
    expect(audit.map((r) => [r.module, r.action, r.scenicId, r.before === null])).toEqual([
      ['shop', 'create', ylgz, true],
      ['shop', 'update', ylgz, false],
    ]);
    expect(audit[1]!.after).toMatchObject({ invoiceKinds: [1, 2], bankName: '中国农业银行丽江分行' });
  });

  it('refuses bad input, naming the field', async () => {
    expect400(
      await call('yunling', 'POST', api.save, { ...valid, taxpayerId: '91530100MA6YLGK00M' }),
      'taxpayerId',
    );
    expect400(await call('yunling', 'POST', api.save, { ...valid, issuerName: ' ' }), 'issuerName');
    expect400(await call('yunling', 'POST', api.save, { ...valid, taxCode: '12345' }), 'taxCode');
    expect400(await call('yunling', 'POST', api.save, { ...valid, taxRate: 1000 }), 'taxRate');
    expect400(await call('yunling', 'POST', api.save, { ...valid, invoiceKinds: [3] }), 'invoiceKinds.0');
    expect400(await call('yunling', 'POST', api.save, { ...valid, invoiceKinds: [] }), 'invoiceKinds');
    expect400(await call('yunling', 'POST', api.save, { ...valid, bankAccount: '12ab' }), 'bankAccount');
    // a special VAT invoice needs the issuer's address, phone, bank and account
    expect400(await call('yunling', 'POST', api.save, { ...valid, invoiceKinds: [1, 2] }), 'address');
  });

  it('needs shop:invoiceSet:page to read and shop:invoiceSet:edit to save', async () => {
    expect((await call('staff', 'GET', api.query)).statusCode).toBe(200);
    expect((await call('staff', 'POST', api.save, valid)).statusCode).toBe(403);
    const agent = (await t.login('agent')).access_token;
    expect((await t.call(agent, 'GET', api.query)).statusCode).toBe(403);
  });
});
