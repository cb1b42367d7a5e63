import { defineDict } from './dict.ts';

/** docs/product.md §9 ticket printer papers, with the size a template starts from (mm). */
export const PrinterPaper = defineDict({
  1: { zh: '58mm 小票', en: '58 mm receipt' },
  2: { zh: '80mm 小票', en: '80 mm receipt' },
  3: { zh: '72mm 铜版纸', en: '72 mm coated paper' },
  4: { zh: '29mm 腕带', en: '29 mm wristband' },
});
export type PrinterPaperCode = keyof typeof PrinterPaper;
export const PAPER_SIZE_MM: Record<PrinterPaperCode, { width: number; height: number }> = {
  1: { width: 58, height: 100 },
  2: { width: 80, height: 120 },
  3: { width: 72, height: 150 },
  4: { width: 29, height: 250 },
};
