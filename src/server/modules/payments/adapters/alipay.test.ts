import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotificationRejected, ProviderError } from './adapter.ts';
import type { PaySettings } from './adapter.ts';
import { alipayAdapter as adapter } from './alipay.ts';
import { alipaySettings, otherKeys, register, startPayWorld } from './pay-sandbox.fixture.ts';
import type { PayWorld } from './pay-sandbox.fixture.ts';
import { cstDateTime, fenToYuan, yuanToFen } from '../../../../shared/pay-format.ts';

let w: PayWorld;
let s: PaySettings;
let n = 0;
const no = (p: string) => `${p}${Date.now()}${++n}`;
const expiresAt = () => new Date(Date.now() + 15 * 60_000);

beforeAll(async () => {
  w = await startPayWorld();
  s = alipaySettings(w);
  register(w, s);
});
afterAll(() => w.close());
beforeEach(() => {
  w.sandbox.control.setRefundMode({ mode: 'success' });
  w.received.length = 0;
});

async function paidPayment(amount = 1250, settings = s) {
  const paymentNo = no('AP');
  await adapter.createPayment(settings, {
    paymentNo,
    amount,
    description: '门票 Ticket',
    scene: 'qr',
    expiresAt: expiresAt(),
  });
  await w.sandbox.control.pay(paymentNo);
  return paymentNo;
}

describe('Alipay adapter against the sandbox', () => {
  it('converts fen and yuan exactly', () => {
    expect(fenToYuan(1250)).toBe('12.50');
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(-30)).toBe('-0.30');
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('-0.01')).toBe(-1);
    expect(yuanToFen('1.234')).toBeNull();
  });

  it('creates a payment in each scene', async () => {
    const jsapi = await adapter.createPayment(s, {
      paymentNo: no('J'),
      amount: 100,
      description: 'JSAPI',
      scene: 'jsapi',
      payerId: '2088102146225135',
      expiresAt: expiresAt(),
    });
    expect(jsapi.scene === 'jsapi' && jsapi.params.tradeNO).toMatch(/^\d{28}$/);
    const qr = await adapter.createPayment(s, {
      paymentNo: no('Q'),
      amount: 100,
      description: 'QR',
      scene: 'qr',
      expiresAt: expiresAt(),
    });
    expect(qr.scene === 'qr' && qr.codeUrl).toMatch(/\/pay\//);
    // wap.pay is a page call: the browser follows the signed URL to the pay page
    const paymentNo = no('H');
    const h5 = await adapter.createPayment(s, {
      paymentNo,
      amount: 1999,
      description: 'H5',
      scene: 'h5',
      expiresAt: expiresAt(),
    });
    expect(h5.scene).toBe('h5');
    const res = await fetch(h5.scene === 'h5' ? h5.url : '');
    expect(res.url).toMatch(/\/pay\//);
    expect(await res.text()).toContain('¥19.99');
    expect(await adapter.queryPayment(s, paymentNo)).toMatchObject({ status: 'pending', amount: 1999 });
  });

  it('queries pending, then paid; the notification verifies and decodes, a replay still verifies', async () => {
    const paymentNo = no('P');
    await adapter.createPayment(s, {
      paymentNo,
      amount: 1250,
      description: 'Ticket',
      scene: 'qr',
      expiresAt: expiresAt(),
    });
    expect(await adapter.queryPayment(s, paymentNo)).toMatchObject({ status: 'pending', amount: 1250 });
    const [delivery] = await w.sandbox.control.pay(paymentNo);
    expect(delivery!.status).toBe(204);
    const paid = await adapter.queryPayment(s, paymentNo);
    expect(paid).toMatchObject({ status: 'paid', amount: 1250 });
    const incoming = w.received.at(-1)!;
    expect(incoming.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const parsed = await adapter.parseNotification(s, incoming);
    expect(parsed).toEqual({ kind: 'payment', payment: paid });
    expect(await adapter.parseNotification(s, incoming)).toEqual(parsed);
    expect(adapter.notificationReply(true)).toMatchObject({ status: 200, body: 'success' });
  });

  it('rejects a forged notification: a wrong signature, an edited amount, another app', async () => {
    w.sandbox.control.setNotify({ wrongSignature: true });
    await paidPayment();
    await expect(adapter.parseNotification(s, w.received.at(-1)!)).rejects.toBeInstanceOf(
      NotificationRejected,
    );
    await paidPayment(1250);
    const good = w.received.at(-1)!;
    const edited = { ...good, rawBody: good.rawBody.replace('total_amount=12.50', 'total_amount=0.01') };
    expect(edited.rawBody).not.toBe(good.rawBody);
    await expect(adapter.parseNotification(s, edited)).rejects.toBeInstanceOf(NotificationRejected);
    await expect(adapter.parseNotification({ ...s, appId: '2021999999999999' }, good)).rejects.toThrow(
      /another app/,
    );
  });

  it('closes a pending payment', async () => {
    const paymentNo = no('C');
    await adapter.createPayment(s, {
      paymentNo,
      amount: 100,
      description: 'x',
      scene: 'qr',
      expiresAt: expiresAt(),
    });
    await adapter.closePayment(s, paymentNo);
    expect((await adapter.queryPayment(s, paymentNo)).status).toBe('closed');
    await expect(adapter.queryPayment(s, 'NO-SUCH')).rejects.toMatchObject({ code: 'ACQ.TRADE_NOT_EXIST' });
  });

  it('refunds: success, failure with the reason, processing then query and notification', async () => {
    const paymentNo = await paidPayment(1000);
    const okNo = no('R');
    expect(
      await adapter.refund(s, {
        paymentNo,
        providerTxnId: null,
        refundNo: okNo,
        amount: 300,
        total: 1000,
        reason: '行程取消',
      }),
    ).toMatchObject({
      status: 'success',
      amount: 300,
    });
    expect(await adapter.queryRefund(s, okNo, paymentNo)).toMatchObject({ status: 'success', amount: 300 });

    w.sandbox.control.setRefundMode({ mode: 'fail', reason: '卖家余额不足 / seller balance not enough' });
    const failed = await adapter.refund(s, {
      paymentNo,
      providerTxnId: null,
      refundNo: no('R'),
      amount: 100,
      total: 1000,
      reason: 'x',
    });
    expect(failed).toMatchObject({
      status: 'failed',
      reason: 'ACQ.SELLER_BALANCE_NOT_ENOUGH: 卖家余额不足 / seller balance not enough',
    });

    w.sandbox.control.setRefundMode({ mode: 'processing' });
    const refundNo = no('R');
    expect(
      (
        await adapter.refund(s, {
          paymentNo,
          providerTxnId: null,
          refundNo,
          amount: 200,
          total: 1000,
          reason: 'x',
        })
      ).status,
    ).toBe('processing');
    expect((await adapter.queryRefund(s, refundNo, paymentNo)).status).toBe('processing');
    w.received.length = 0;
    await w.sandbox.control.resolveRefund(refundNo, 'success');
    expect(await adapter.queryRefund(s, refundNo, paymentNo)).toMatchObject({
      status: 'success',
      amount: 200,
    });
    expect(await adapter.parseNotification(s, w.received.at(-1)!)).toMatchObject({
      kind: 'refund',
      refund: { refundNo, paymentNo, status: 'success' },
    });
  });

  it('downloads the statement (a zip), one line with a changed amount', async () => {
    const own = alipaySettings(w, { appId: '2021000000000202' });
    register(w, own);
    const a = await paidPayment(2000, own);
    const b = await paidPayment(2000, own);
    const refundNo = no('R');
    await adapter.refund(own, {
      paymentNo: a,
      providerTxnId: null,
      refundNo,
      amount: 500,
      total: 2000,
      reason: 'x',
    });
    w.sandbox.control.adjustStatement(b, 1999);
    const lines = await adapter.downloadStatement(own, cstDateTime(new Date()).slice(0, 10));
    expect(lines.map((l) => [l.kind, l.paymentNo, l.refundNo, l.amount])).toEqual([
      ['payment', a, null, 2000],
      ['payment', b, null, 1999],
      ['refund', a, refundNo, 500],
    ]);
    expect(await adapter.downloadStatement(own, '2001-01-01')).toEqual([]);
  });

  it('tests the connection: ok, then not ok with a wrong app key or a wrong Alipay key', async () => {
    expect(await adapter.testConnection(s)).toMatchObject({
      ok: true,
      hint: 'verified',
      code: 'ACQ.TRADE_NOT_EXIST',
    });
    const wrongKey = await adapter.testConnection({ ...s, privateKey: otherKeys.privateKey });
    expect(wrongKey).toMatchObject({ ok: false, hint: 'ourSignatureRefused', code: 'isv.invalid-signature' });
    const wrongAlipay = await adapter.testConnection({ ...s, providerKey: otherKeys.publicKey });
    expect(wrongAlipay).toMatchObject({ ok: false, hint: 'answerNotVerified', code: 'SIGN_VERIFY' });
    await expect(
      adapter.queryPayment({ ...s, providerKey: otherKeys.publicKey }, 'X'),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});
