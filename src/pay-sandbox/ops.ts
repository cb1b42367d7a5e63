import type { SandboxContext } from './context.ts';
import type { Notifier } from './notify.ts';
import { newId } from './state.ts';
import type { Delivery, Provider, SandboxPayment, SandboxRefund } from './state.ts';

/** A refusal in the provider's terms, answered by the protocol layer in its own shape. */
export class SandboxRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** What a payment and a refund go through, whichever protocol asked. */
/** A payment of the history the control API imports (`POST /control/history`). */
export interface HistoryPayment {
  provider: 'wechat' | 'alipay';
  merchantId: string;
  appId: string;
  paymentNo: string;
  transactionId: string;
  /** fen */
  amount: number;
  description: string;
  /** ISO time */
  paidAt: string;
  /** Refunds of it that succeeded (ISO `doneAt`) */
  refunds?: { refundNo: string; amount: number; doneAt: string }[] | undefined;
}

export class SandboxOps {
  constructor(
    private readonly ctx: SandboxContext,
    readonly notifier: Notifier,
  ) {}

  createPayment(
    input: Omit<SandboxPayment, 'id' | 'status' | 'transactionId' | 'createdAt' | 'paidAt' | 'refunds'>,
  ): SandboxPayment {
    const key = input.provider === 'wechat' ? input.merchantId : input.appId;
    const existing = this.ctx.state.byNo(input.provider, key, input.paymentNo);
    if (existing) {
      if (existing.amount !== input.amount || existing.status !== 'pending')
        throw new SandboxRefusal(
          400,
          input.provider === 'wechat' ? 'ORDER_CLOSED' : 'ACQ.TRADE_HAS_CLOSE',
          'the payment number is already used',
        );
      return existing;
    }
    const payment: SandboxPayment = {
      ...input,
      id: newId('p'),
      status: 'pending',
      transactionId: input.provider === 'wechat' ? `4200${digits(24)}` : `2024${digits(24)}`,
      createdAt: this.ctx.now(),
      paidAt: null,
      refunds: [],
    };
    this.ctx.state.payments.set(payment.id, payment);
    return payment;
  }

  /**
   * A payment made before the sandbox started (the demo's history: it keeps nothing across
   * restarts): recorded as paid at its own time with its transaction id, no notification sent.
   * Answers false when the sandbox has that payment number already.
   */
  importPaid(input: HistoryPayment): boolean {
    const key = input.provider === 'wechat' ? input.merchantId : input.appId;
    if (this.ctx.state.byNo(input.provider, key, input.paymentNo)) return false;
    const paidAt = new Date(input.paidAt);
    const payment: SandboxPayment = {
      ...input,
      id: newId('p'),
      scene: 'jsapi',
      payerId: null,
      notifyUrl: null,
      status: 'paid',
      createdAt: paidAt,
      paidAt,
      refunds: (input.refunds ?? []).map((r) => ({
        refundNo: r.refundNo,
        refundId: newId('r'),
        amount: r.amount,
        reason: '',
        status: 'success',
        failReason: null,
        notifyUrl: null,
        createdAt: new Date(r.doneAt),
        doneAt: new Date(r.doneAt),
      })),
    };
    this.ctx.state.payments.set(payment.id, payment);
    return true;
  }

  /** The payer pays: the payment is paid and its notification goes out (the promise resolves once it is sent). */
  pay(payment: SandboxPayment): Promise<Delivery[]> {
    if (payment.status !== 'pending') throw new SandboxRefusal(409, 'STATE', `payment is ${payment.status}`);
    payment.status = 'paid';
    payment.paidAt = this.ctx.now();
    return this.notifier.notify(payment);
  }

  /** The payer's payment fails (WeChat PAYERROR); no notification, as with the providers. */
  fail(payment: SandboxPayment): void {
    if (payment.status !== 'pending') throw new SandboxRefusal(409, 'STATE', `payment is ${payment.status}`);
    payment.status = 'failed';
  }

  close(payment: SandboxPayment): void {
    if (payment.status === 'paid')
      throw new SandboxRefusal(
        400,
        payment.provider === 'wechat' ? 'ORDERPAID' : 'ACQ.TRADE_STATUS_ERROR',
        'the payment is paid',
      );
    payment.status = 'closed';
  }

  /**
   * A refund as the control API set them: success at once, failed with its reason (nothing stored,
   * as the providers refuse it), or processing until `resolveRefund`.
   */
  refund(
    payment: SandboxPayment,
    refundNo: string,
    amount: number,
    reason: string,
    notifyUrl: string | null,
  ): SandboxRefund {
    const same = payment.refunds.find((r) => r.refundNo === refundNo);
    if (same) return same;
    if (payment.status !== 'paid')
      throw new SandboxRefusal(400, 'TRADE_STATUS_ERROR', 'the payment is not paid');
    const refunded = payment.refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount, 0);
    if (amount <= 0 || refunded + amount > payment.amount)
      throw new SandboxRefusal(
        400,
        'INVALID_REQUEST',
        'the refund is larger than what is left of the payment',
      );
    const mode = this.ctx.state.refundMode;
    if (mode.mode === 'fail') throw new SandboxRefusal(403, 'NOT_ENOUGH', mode.reason);
    const refund: SandboxRefund = {
      refundNo,
      refundId: `50${digits(27)}`,
      amount,
      reason,
      status: mode.mode === 'success' ? 'success' : 'processing',
      failReason: null,
      notifyUrl,
      createdAt: this.ctx.now(),
      doneAt: mode.mode === 'success' ? this.ctx.now() : null,
    };
    payment.refunds.push(refund);
    if (refund.status === 'success') void this.notifier.notify(payment, refund);
    return refund;
  }

  /** A processing refund ends: succeeded or failed (with the provider's reason); its notification goes out. */
  resolveRefund(refundNo: string, outcome: 'success' | 'fail', reason: string | null): Promise<Delivery[]> {
    const found = this.ctx.state.findRefund(refundNo);
    if (!found) throw new SandboxRefusal(404, 'RESOURCE_NOT_EXISTS', 'no such refund');
    if (found.refund.status !== 'processing')
      throw new SandboxRefusal(409, 'STATE', `refund is ${found.refund.status}`);
    found.refund.status = outcome === 'success' ? 'success' : 'failed';
    found.refund.failReason = outcome === 'fail' ? (reason ?? '退款失败') : null;
    found.refund.doneAt = this.ctx.now();
    return this.notifier.notify(found.payment, found.refund);
  }

  requirePayment(provider: Provider, merchantKey: string, paymentNo: string): SandboxPayment {
    const p = this.ctx.state.byNo(provider, merchantKey, paymentNo);
    if (!p)
      throw new SandboxRefusal(
        404,
        provider === 'wechat' ? 'ORDER_NOT_EXIST' : 'ACQ.TRADE_NOT_EXIST',
        '订单不存在 / no such payment',
      );
    return p;
  }
}
