import { PrintElementSchema, type PrintElement } from '../../../shared/api/print-templates.ts';
import type { Db } from '../../db/client.ts';
import { printTemplates } from './print-templates.table.ts';

const el = (e: Partial<PrintElement> & Pick<PrintElement, 'field' | 'x' | 'y' | 'width' | 'height'>) =>
  PrintElementSchema.parse(e);

/** Two demo layouts: the default 80 mm receipt and a 29 mm wristband printed along its length. */
export async function seedDemoPrintTemplates(db: Db, scenicId: number): Promise<void> {
  await db.insert(printTemplates).values([
    {
      scenicId,
      name: '80mm 标准小票',
      paper: 2,
      widthMm: 80,
      heightMm: 110,
      isDefault: true,
      remark: '售票窗口默认小票',
      elements: [
        el({
          field: 'productName',
          x: 4,
          y: 4,
          width: 72,
          height: 9,
          fontSize: 14,
          bold: true,
          align: 'center',
        }),
        el({ field: 'visitDate', x: 4, y: 15, width: 72, height: 6, text: '游玩日期：' }),
        el({ field: 'price', x: 4, y: 22, width: 72, height: 6, text: '票价：' }),
        el({ field: 'qrCode', x: 20, y: 30, width: 40, height: 40 }),
        el({ field: 'visitor', x: 4, y: 73, width: 72, height: 6, text: '游客：' }),
        el({ field: 'orderNo', x: 4, y: 80, width: 72, height: 6, fontSize: 9, text: '订单号：' }),
        el({
          field: 'text',
          x: 4,
          y: 90,
          width: 72,
          height: 6,
          fontSize: 9,
          align: 'center',
          text: '请妥善保管，凭码入园',
        }),
      ],
    },
    {
      scenicId,
      name: '29mm 腕带',
      paper: 4,
      widthMm: 29,
      heightMm: 250,
      remark: '游乐项目腕带',
      elements: [
        el({
          field: 'productName',
          x: 2,
          y: 60,
          width: 25,
          height: 14,
          fontSize: 9,
          bold: true,
          align: 'center',
        }),
        el({ field: 'visitDate', x: 2, y: 76, width: 25, height: 6, fontSize: 8, align: 'center' }),
        el({ field: 'qrCode', x: 2, y: 84, width: 25, height: 25 }),
      ],
    },
  ]);
}
