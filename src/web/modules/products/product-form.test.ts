import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  ProductCreateSchema,
  ProductUpdateSchema,
  type ProductDetail,
  type ProductFormOptions,
} from '../../../shared/api/products.ts';
import { validateWithSchema } from '../../components/list-page/zod-form.ts';
import { formToBody, newProductValues, productToForm } from './product-form.ts';

const OPTIONS: ProductFormOptions = {
  types: [{ id: 3, name: '门票' }],
  notices: [],
  agreements: [],
  printTemplates: [
    { id: 8, name: '80mm', isDefault: false },
    { id: 9, name: '58mm', isDefault: true },
  ],
  defaults: {
    realNameType: 1,
    printType: 2,
    refundRule: 2,
    refundDeadlineHours: 12,
    refundFeeUnit: 2,
    refundFeeValue: 5,
  },
};

const at = (hhmm: string) => dayjs(`2000-01-01 ${hhmm}`);

describe('product form', () => {
  it("starts a new product from the area's defaults and default print template", () => {
    const values = newProductValues(OPTIONS);
    expect(values).toMatchObject({
      realNameType: 1,
      printType: 2,
      refundDeadlineHours: 12,
      printTemplateId: 9,
    });
    // a filled-in new product passes the server's schema
    const checked = validateWithSchema(
      ProductCreateSchema,
      formToBody({ ...values, name: '成人票', typeId: 3, price: 12000 }),
      'zh',
    );
    expect(checked.errors).toBeNull();
  });

  it('sends only the fields of the chosen validity type and the sessions of a timed product', () => {
    const values = {
      ...newProductValues(OPTIONS),
      name: '夜游',
      typeId: 3,
      price: 8000,
      validDays: 5,
      validityText: 'stale',
      timeWindows: [{ start: at('18:00'), end: at('22:00') }],
    };
    const regular = formToBody(values);
    expect(regular).not.toHaveProperty('validDays');
    expect(regular).not.toHaveProperty('validityText');
    expect(regular.sessions).toEqual([]);
    expect(regular.timeWindows).toEqual([{ start: '18:00', end: '22:00' }]);

    const timed = formToBody({
      ...values,
      productType: 2,
      validityType: 4,
      sessions: [{ id: 4, name: '', start: at('18:30'), end: at('19:30') }],
    });
    expect(timed.sessions).toEqual([{ id: 4, name: '', startTime: '18:30', endTime: '19:30' }]);
    expect(validateWithSchema(ProductCreateSchema, timed, 'zh').errors).toBeNull();
    expect(
      validateWithSchema(
        ProductUpdateSchema,
        formToBody(
          {
            ...values,
            productType: 2,
            validityType: 4,
            sessions: [{ name: '', start: at('18:30'), end: null }],
          },
          7,
        ),
        'en',
      ).errors?.[0]?.name,
    ).toBe('sessions');
  });

  it('round-trips a product from the server', () => {
    const detail: ProductDetail = {
      id: 7,
      name: '两日联票',
      typeId: 3,
      typeName: '门票',
      productType: 1,
      images: ['/uploads/a.png'],
      price: 20000,
      marketPrice: 30000,
      validityType: 3,
      channels: [1, 4],
      realNameType: 1,
      refundRule: 1,
      shelfStatus: 1,
      sort: 4,
      createTime: '2025-01-01T00:00:00.000Z',
      updateTime: '2025-01-01T00:00:00.000Z',
      intro: '',
      validityDisplay: 2,
      validDays: 1,
      validFrom: '2030-01-01',
      validTo: '2030-03-01',
      timeLimitMinutes: null,
      validityText: '',
      timeWindows: [],
      entryMode: 2,
      entryTimes: 3,
      printType: 1,
      limitPerOrder: 0,
      limitPerIdNumber: 0,
      refundDeadlineHours: 0,
      refundFeeUnit: 1,
      refundFeeValue: 0,
      noticeId: null,
      noticeTitle: null,
      agreementId: null,
      agreementTitle: null,
      printTemplateId: 9,
      printTemplateName: '58mm',
      sessions: [],
    };
    const body = formToBody(productToForm(detail), detail.id);
    expect(body).toMatchObject({ validFrom: '2030-01-01', validTo: '2030-03-01', entryTimes: 3 });
    expect(body).not.toHaveProperty('refundFeeValue');
    expect(validateWithSchema(ProductUpdateSchema, body, 'zh').errors).toBeNull();
  });
});
