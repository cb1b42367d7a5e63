import { defineDict } from './dict.ts';

/** Column labels of the print-template list (/ticket/printerModule): the console and the Excel export. */
export const PrintTemplateField = defineDict({
  name: { zh: '模板名称', en: 'Template name' },
  paper: { zh: '纸张', en: 'Paper' },
  size: { zh: '尺寸（mm）', en: 'Size (mm)' },
  widthMm: { zh: '宽度（mm）', en: 'Width (mm)' },
  heightMm: { zh: '高度（mm）', en: 'Height (mm)' },
  elementCount: { zh: '元素数', en: 'Elements' },
  isDefault: { zh: '默认模板', en: 'Default' },
  status: { zh: '状态', en: 'Status' },
  remark: { zh: '备注', en: 'Remark' },
  createTime: { zh: '创建时间', en: 'Created' },
  updateTime: { zh: '更新时间', en: 'Updated' },
});

/** The fields a template may place (PRINT_FIELDS of src/shared/api/print-templates.ts). */
export const PrintFieldLabel = defineDict({
  productName: { zh: '产品名称', en: 'Product name' },
  visitDate: { zh: '游玩日期', en: 'Visit date' },
  price: { zh: '价格', en: 'Price' },
  qrCode: { zh: '二维码', en: 'QR code' },
  visitor: { zh: '游客', en: 'Visitor' },
  orderNo: { zh: '订单号', en: 'Order number' },
  text: { zh: '固定文字', en: 'Fixed text' },
});

/** Texts of the print-template export that are not a dictionary code of their own. */
export const PrintTemplateText = defineDict({
  exportName: { zh: '打印模板', en: 'Print templates' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
});
