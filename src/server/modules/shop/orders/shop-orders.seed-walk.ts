import {
  AFTER_SALE_STATUS as AS,
  AFTER_SALE_TYPE,
  SHOP_ORDER_STATUS as S,
  SHOP_RULES,
  STOCK_MOVE,
  type ShopOrderStatusCode,
  type StockMoveReasonCode,
} from '../../../../shared/dict/shop.ts';
import {
  ADDRESSES,
  CARRIERS,
  DAY,
  HOUR,
  MINUTE,
  PAY_BALANCE,
  PAY_WECHAT,
  REVIEWS,
  sum,
  type Aftersale,
  type Line,
  type LinePart,
  type Plan,
  type Refund,
  type Rnd,
  type Sku,
} from './shop-orders.seed-plan.ts';

export interface WalkInput {
  i: number;
  /** one of the newest orders, still waiting for payment */
  waiting: boolean;
  createdAt: Date;
  now: Date;
  member: { id: number; phone: string; nickname: string };
  skus: Sku[];
  balances: Map<number, number>;
}

/** Walks one order along the machine from its creation until the next step would be after `now`. */
export function walk(rnd: Rnd, input: WalkInput): Plan {
  const order = new OrderWalk(rnd, input);
  order.run();
  return order.p;
}

// The steps draw from `rnd` in a fixed order: the same seed gives the same demo.
class OrderWalk {
  readonly p: Plan;
  private readonly lines: Line[];
  private readonly amount: number;
  private readonly memberId: number;
  /** the walk's clock (ms) */
  private t: number;

  constructor(
    private readonly rnd: Rnd,
    private readonly input: WalkInput,
  ) {
    const { createdAt } = input;
    this.memberId = Number(input.member.id);
    const day = createdAt.toISOString().slice(0, 10).replaceAll('-', '');
    const lineCount = rnd.next() < 0.7 ? 1 : rnd.int(2, 3);
    const chosen = new Set<Sku>();
    while (chosen.size < lineCount) chosen.add(rnd.pick(input.skus));
    this.lines = [...chosen].map((sku) => {
      const quantity = rnd.next() < 0.75 ? 1 : rnd.int(2, 3);
      return { sku, quantity, amount: sku.price * quantity, refundedQuantity: 0, refundedAmount: 0 };
    });
    this.amount = sum(this.lines.map((l) => l.amount));
    this.p = {
      orderNo: `S${day}${String(1_000_000_000 + input.i * 7919 + rnd.int(0, 7918)).slice(-10)}`,
      memberId: this.memberId,
      receiverName: input.member.nickname || '游客',
      receiverPhone: input.member.phone,
      receiverAddress: rnd.pick(ADDRESSES),
      status: S.pendingPayment,
      before: null,
      createdAt,
      paidAt: null,
      shippedAt: null,
      receivedAt: null,
      closedAt: null,
      closeReason: '',
      payWay: PAY_WECHAT,
      lines: this.lines,
      history: [],
      stock: [],
      shipment: null,
      aftersales: [],
      refunds: [],
      review: null,
    };
    this.t = createdAt.getTime();
  }

  run(): void {
    if (!this.placeAndPay()) return;
    const rejectedBefore = this.beforeShipment();
    if (rejectedBefore === null) return;
    if (!this.shipAndReceive(rejectedBefore)) return;
    this.afterReceipt();
  }

  private open(ms: number): boolean {
    return this.t + ms <= this.input.now.getTime();
  }

  /** Waits until `end` unless that is after `now`. */
  private until(end: number): boolean {
    if (end > this.input.now.getTime()) return false;
    this.t = Math.max(this.t, end);
    return true;
  }

  private move(transition: string, to: ShopOrderStatusCode, who: 'member' | 'staff' | 'job', note = '') {
    const { p } = this;
    p.history.push({
      transition,
      from: p.history.length ? p.status : null,
      to,
      at: new Date(this.t),
      staff: who === 'staff',
      member: who === 'member',
      note,
    });
    p.status = to;
  }

  private stockBack(reason: StockMoveReasonCode, at: number, parts?: LinePart[]) {
    for (const [k, l] of this.lines.entries()) {
      const quantity = parts ? (parts.find((x) => x.line === k)?.quantity ?? 0) : l.quantity;
      if (quantity)
        this.p.stock.push({ sku: l.sku, delta: quantity, reason, at: new Date(at), staff: reason === 7 });
    }
  }

  private refundLines(parts: LinePart[]) {
    for (const x of parts) {
      this.lines[x.line]!.refundedQuantity += x.quantity;
      this.lines[x.line]!.refundedAmount += x.amount;
    }
  }

  private allParts(): LinePart[] {
    return this.lines.map((l, line) => ({ line, quantity: l.quantity, amount: l.amount }));
  }

  /** Archived a week after it ended, unless that is still in the future. */
  private archive() {
    if (this.open(SHOP_RULES.archiveDays * DAY)) {
      this.t += SHOP_RULES.archiveDays * DAY;
      this.move('S23', S.closed, 'job');
    }
  }

  /** A refund made now; done after a while unless that is still in the future (then in transit, or failed). */
  private refund(parts: LinePart[], reason: string, aftersale: number | null): boolean {
    const { p, rnd } = this;
    const r: Refund = {
      aftersale,
      amount: sum(parts.map((x) => x.amount)),
      lines: parts,
      status: 'transit',
      reason,
      failReason: '',
      byStaff: true,
      createdAt: new Date(this.t),
      doneAt: null,
    };
    p.refunds.push(r);
    const wait = p.payWay === PAY_BALANCE ? MINUTE : rnd.int(1, 48) * HOUR;
    if (!this.open(wait)) {
      if (p.payWay === PAY_WECHAT && rnd.next() < 0.4) {
        r.status = 'failed';
        r.failReason = '原路退回失败：用户微信账户异常';
      }
      return false;
    }
    this.t += wait;
    r.status = 'done';
    r.doneAt = new Date(this.t);
    this.refundLines(parts);
    return true;
  }

  /** Refunded in full: S13 or S8 to 205, S18 to 203 when the refund is done, archived after a week. */
  private refundAll(reason: string, aftersale: number | null, unshipped: boolean, parts = this.allParts()) {
    if (!this.refund(parts, reason, aftersale)) return;
    if (unshipped) this.stockBack(STOCK_MOVE.orderCancelled, this.t);
    this.move('S18', S.refunded, 'job');
    this.p.before = null;
    this.p.closedAt = new Date(this.t);
    this.archive();
  }

  /**
   * An after-sales request (S7 before shipment: refund only; S12 after receipt), then reviewed;
   * answers whether the normal flow goes on (rejected or withdrawn) with the time it may go on.
   */
  private afterSale(before: ShopOrderStatusCode): boolean {
    const { p, rnd, lines } = this;
    const type =
      before === S.pendingShipment || rnd.next() < 0.5
        ? AFTER_SALE_TYPE.refundOnly
        : AFTER_SALE_TYPE.returnRefund;
    const some = before !== S.pendingShipment && lines.length > 1 && rnd.next() < 0.3;
    const asked = some
      ? [{ line: 0, quantity: lines[0]!.quantity, amount: lines[0]!.amount }]
      : this.allParts();
    const a: Aftersale = {
      type,
      status: AS.requested,
      before,
      reason:
        type === AFTER_SALE_TYPE.returnRefund
          ? '商品与描述不符，申请退货'
          : before === S.pendingShipment
            ? '不想要了'
            : '商品有破损',
      lines: asked,
      amount: sum(asked.map((x) => x.amount)),
      returnCarrier: type === AFTER_SALE_TYPE.returnRefund ? rnd.pick(CARRIERS) : '',
      returnTrackingNo: type === AFTER_SALE_TYPE.returnRefund ? `RT${p.orderNo.slice(-10)}` : '',
      goodsReceivedAt: null,
      rejectReason: '',
      reviewedAt: null,
      createdAt: new Date(this.t),
    };
    const index = p.aftersales.push(a) - 1;
    p.before = before;
    this.move(before === S.pendingShipment ? 'S7' : 'S12', S.refundRequested, 'member', a.reason);
    const r = rnd.next();
    if (r < 0.15) {
      // withdrawn by the buyer
      if (!this.open(6 * HOUR)) return false;
      this.t += 6 * HOUR;
      a.status = AS.withdrawn;
      p.before = null;
      this.move('S15', before, 'member');
      return true;
    }
    if (type === AFTER_SALE_TYPE.returnRefund) {
      if (!this.open(3 * DAY)) return false;
      this.t += 3 * DAY;
      a.goodsReceivedAt = new Date(this.t);
      this.stockBack(STOCK_MOVE.returned, this.t, asked);
    }
    if (!this.open(rnd.int(2, 30) * HOUR)) return false;
    this.t += rnd.int(2, 30) * HOUR;
    a.reviewedAt = new Date(this.t);
    if (r < 0.3 && type === AFTER_SALE_TYPE.refundOnly) {
      a.status = AS.rejected;
      a.rejectReason = before === S.pendingShipment ? '商品已打包待发出' : '照片未见破损，请联系客服';
      this.move('S14', S.refundRejected, 'staff', a.rejectReason);
      return true;
    }
    a.status = AS.approved;
    this.move('S13', S.refunding, 'staff');
    this.refundAll(a.reason, index, before === S.pendingShipment, asked);
    return false;
  }

  /** Placed (S1), then cancelled unpaid (S3, S4) or paid (S2); answers whether the walk goes on. */
  private placeAndPay(): boolean {
    const { p, rnd, input } = this;
    p.stock.push(
      ...this.lines.map((l) => ({
        sku: l.sku,
        delta: -l.quantity,
        reason: STOCK_MOVE.orderPlaced,
        at: input.createdAt,
        staff: false,
      })),
    );
    this.move('S1', S.pendingPayment, 'member');
    const payIn = rnd.int(1, 20) * MINUTE;
    const r0 = rnd.next();
    if (input.waiting || !this.open(payIn)) return false;
    // a week's cancellations are not archived yet: a few more of them lately, so the list shows some
    const cancelShare =
      input.now.getTime() - input.createdAt.getTime() < SHOP_RULES.archiveDays * DAY ? 0.2 : 0.06;
    if (r0 < cancelShare) {
      // unpaid: cancelled by the buyer or timed out (stock back), archived a week later
      const byBuyer = r0 < cancelShare / 2;
      if (!byBuyer && !this.open(SHOP_RULES.payMinutes * MINUTE)) return false;
      this.t += byBuyer ? payIn : SHOP_RULES.payMinutes * MINUTE;
      if (byBuyer) this.move('S3', S.userCancelled, 'member');
      else this.move('S4', S.systemCancelled, 'job', '超时未支付');
      this.stockBack(STOCK_MOVE.orderCancelled, this.t);
      p.closedAt = new Date(this.t);
      this.archive();
      return false;
    }
    this.t += payIn;
    const balance = input.balances.get(this.memberId) ?? 0;
    if (rnd.next() < 0.25 && balance >= this.amount) {
      p.payWay = PAY_BALANCE;
      input.balances.set(this.memberId, balance - this.amount);
    }
    p.paidAt = new Date(this.t);
    this.move('S2', S.pendingShipment, 'member');
    return true;
  }

  /**
   * Before shipment: a merchant refund (S8) or an after-sales request (S7); answers null when the
   * walk ends here, else whether a request was rejected (then shipping is S17).
   */
  private beforeShipment(): boolean | null {
    const r1 = this.rnd.next();
    if (r1 < 0.05) {
      // the merchant refunds before shipment (S8)
      const wait = this.rnd.int(1, 20) * HOUR;
      if (!this.open(wait)) return null;
      this.t += wait;
      this.move('S8', S.refunding, 'staff', '缺货，商家退款');
      this.refundAll('缺货，商家退款', null, true);
      return null;
    }
    if (r1 < 0.11) {
      const wait = this.rnd.int(1, 12) * HOUR;
      if (!this.open(wait)) return null;
      this.t += wait;
      if (!this.afterSale(S.pendingShipment)) return null;
      return this.p.status === S.refundRejected;
    }
    return false;
  }

  /** Shipped (S6, S17) and received (S9, by the member or the job); answers whether the walk goes on. */
  private shipAndReceive(rejectedBefore: boolean): boolean {
    const { p, rnd } = this;
    const shipIn = rnd.int(4, 40) * HOUR;
    if (!this.open(shipIn)) return false;
    this.t += shipIn;
    const carrier = rnd.pick(CARRIERS);
    p.shipment = {
      carrier,
      trackingNo: `${carrier === '顺丰速运' ? 'SF' : 'YT'}${p.orderNo.slice(-12)}`,
      at: new Date(this.t),
    };
    p.shippedAt = new Date(this.t);
    this.move(rejectedBefore ? 'S17' : 'S6', S.shipped, 'staff', `${carrier} ${p.shipment.trackingNo}`);
    p.before = null;
    const receiveIn = rnd.int(2, 10) * DAY;
    if (!this.open(receiveIn)) return false;
    this.t += receiveIn;
    p.receivedAt = new Date(this.t);
    this.move('S9', S.received, receiveIn >= SHOP_RULES.autoReceiveDays * DAY ? 'job' : 'member');
    return true;
  }

  /** After receipt: an after-sales request (S12), completion (S11, S10), a review (S20) and closing (S21, S22). */
  private afterReceipt(): void {
    const { p, rnd } = this;
    const received = p.receivedAt!.getTime();
    const afterSaleEnd = received + SHOP_RULES.afterSaleDays * DAY;
    const reviewEnd = received + SHOP_RULES.reviewDays * DAY;
    let rejected = false;
    if (rnd.next() < 0.1) {
      const wait = rnd.int(1, 4) * DAY;
      if (!this.open(wait)) return;
      this.t += wait;
      if (!this.afterSale(S.received)) return;
      rejected = p.status === S.refundRejected;
    }
    if (rnd.next() < 0.15) {
      // completed without a review window (S11; S17 after a rejected request)
      if (!this.until(afterSaleEnd)) return;
      this.move(rejected ? 'S17' : 'S11', S.closed, 'job');
      p.before = null;
      p.closedAt = new Date(this.t);
      return;
    }
    if (!this.open(rejected ? HOUR : MINUTE)) return;
    this.t += rejected ? HOUR : MINUTE;
    this.move(rejected ? 'S17' : 'S10', S.pendingReview, 'job');
    p.before = null;
    if (rnd.next() < 0.6) {
      const wait = rnd.int(1, 10) * DAY;
      if (!this.open(wait)) return;
      this.t += wait;
      const rating = rnd.next() < 0.8 ? 5 : rnd.int(2, 4);
      p.review = {
        rating,
        content: rating >= 4 ? rnd.pick(REVIEWS.slice(0, 4)) : REVIEWS[4]!,
        at: new Date(this.t),
      };
      this.move('S20', S.reviewed, 'member');
      if (!this.until(afterSaleEnd)) return;
      this.move('S22', S.closed, 'job');
    } else {
      if (!this.until(reviewEnd)) return;
      this.move('S21', S.closed, 'job');
    }
    p.closedAt = new Date(this.t);
  }
}
