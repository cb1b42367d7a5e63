/** What the sandbox's Nuonuo open platform holds (src/pay-sandbox/nuonuo.ts): apps, invoices, the modes the control set. */

export interface NuonuoSeller {
  taxId: string;
  name: string;
}

/** An app of the open platform (自用型应用) registered through the control API. */
export interface NuonuoApp {
  appKey: string;
  appSecret: string;
  /** The token its calls carry in the `accessToken` header */
  accessToken: string;
  /** The sellers the token acts for (tax id, the name printed on their invoices); empty: any tax id, no name */
  sellers: NuonuoSeller[];
}

/** One line of an order as the sandbox keeps it: amounts in cents, signed as sent. */
export interface NuonuoLine {
  goodsName: string;
  goodsCode: string;
  specType: string;
  unit: string;
  /** as sent ('' when not) */
  num: string;
  price: string;
  /** e.g. 0.13 */
  taxRate: number;
  /** cents, tax included */
  amount: number;
  /** cents */
  tax: number;
  /** 0 normal, 1 discount, 2 discounted */
  lineProperty: string;
}

/** Nuonuo's result states (queryInvoiceResult `status`). */
export const NUONUO_STATUS = {
  done: '2',
  voided: '3',
  working: '20',
  failed: '22',
} as const;
export type NuonuoStatus = (typeof NUONUO_STATUS)[keyof typeof NUONUO_STATUS];

export const NUONUO_STATUS_MSG: Record<NuonuoStatus, string> = {
  '2': '开票完成（最终状态）',
  '3': '已作废',
  '20': '开票中',
  '22': '开票失败',
};

/** An invoice request the platform accepted (requestBillingNew), by its serial number. */
export interface NuonuoInvoice {
  serialNo: string;
  /** The seller (userTax) it was asked for */
  userTax: string;
  orderNo: string;
  /** '1' blue, '2' red */
  invoiceType: '1' | '2';
  /** Nuonuo's invoiceLine: p, c, s, b, ... */
  invoiceLine: string;
  status: NuonuoStatus;
  failCause: string;
  buyerName: string;
  buyerTaxNum: string;
  buyerAddress: string;
  buyerPhone: string;
  buyerAccount: string;
  salerName: string;
  salerAddress: string;
  salerTel: string;
  salerAccount: string;
  clerk: string;
  payee: string;
  checker: string;
  remark: string;
  lines: NuonuoLine[];
  /** cents, tax included (negative on a red one) */
  amount: number;
  /** cents */
  tax: number;
  /** A red one: the blue it takes back */
  blueCode: string;
  blueNo: string;
  /** The tax office's code (12 digits) and number (8 digits), once issued */
  invoiceCode: string;
  invoiceNo: string;
  /** ms by the sandbox clock, once issued */
  invoiceTime: number | null;
  requestedAt: Date;
  voidedAt: Date | null;
  /** A correction (换开, docs/invoices.md "The invoice list and reissue"): the serial of the blue one it replaces, once issued */
  replaces: string;
  /** A blue one corrected since: the serial of the invoice that replaced it (it can no longer be reversed or voided) */
  replacedBy: string;
}

/** How the next requests end: at once (done), failing (the next N), held working until released. */
export interface NuonuoModes {
  failNext: number;
  failCause: string;
  hold: boolean;
  /** Voids refused with this cause (null: voids go through) */
  refuseVoids: string | null;
}

const defaultModes = (): NuonuoModes => ({ failNext: 0, failCause: '', hold: false, refuseVoids: null });

export class NuonuoState {
  /** appKey -> app */
  readonly apps = new Map<string, NuonuoApp>();
  /** serialNo -> invoice, in the order requested */
  readonly invoices = new Map<string, NuonuoInvoice>();
  /** userTax -> the next invoice number the tax office gives that seller */
  readonly nextNumber = new Map<string, number>();
  modes: NuonuoModes = defaultModes();
  private serialSeq = 0;

  nextSerialSeq(): number {
    this.serialSeq = (this.serialSeq + 1) % 1_000_000;
    return this.serialSeq;
  }

  /** The latest request of this seller with this orderNo */
  byOrderNo(userTax: string, orderNo: string): NuonuoInvoice | undefined {
    let found: NuonuoInvoice | undefined;
    for (const i of this.invoices.values()) if (i.userTax === userTax && i.orderNo === orderNo) found = i;
    return found;
  }

  /** The issued blue request of this seller with this orderNo that stands (not replaced, not voided) */
  standingByOrderNo(userTax: string, orderNo: string): NuonuoInvoice | undefined {
    let found: NuonuoInvoice | undefined;
    for (const i of this.invoices.values())
      if (
        i.userTax === userTax &&
        i.orderNo === orderNo &&
        i.invoiceType === '1' &&
        i.status === NUONUO_STATUS.done &&
        !i.replacedBy
      )
        found = i;
    return found;
  }

  /** An issued (or voided) invoice of this seller by the tax office's code and number */
  byNumber(userTax: string, code: string, no: string): NuonuoInvoice | undefined {
    for (const i of this.invoices.values())
      if (i.userTax === userTax && i.invoiceCode === code && i.invoiceNo === no && code && no) return i;
    return undefined;
  }

  /** The red ones (done or still working) that take back part of this blue one */
  redsOf(blue: NuonuoInvoice): NuonuoInvoice[] {
    return [...this.invoices.values()].filter(
      (i) =>
        i.invoiceType === '2' &&
        i.userTax === blue.userTax &&
        i.blueCode === blue.invoiceCode &&
        i.blueNo === blue.invoiceNo &&
        i.status !== '22',
    );
  }

  /** Invoices and modes go; apps stay (as merchants do), and so do the number series (never handed out twice). */
  reset(): void {
    this.invoices.clear();
    this.modes = defaultModes();
  }
}
