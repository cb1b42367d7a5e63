import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotificationRejected } from './adapter.ts';
import type { PaySettings } from './adapter.ts';
import { otherKeys, register, startPayWorld, wechatSettings } from './pay-sandbox.fixture.ts';
import type { PayWorld } from './pay-sandbox.fixture.ts';
import { cstDateTime } from '../../../../shared/pay-format.ts';
import { decryptResource, signatureProblem } from './wechat-pay.sign.ts';
import { wechatPayAdapter as adapter } from './wechat-pay.ts';

let w: PayWorld;
let s: PaySettings;
let n = 0;
const no = (p: string) => `${p}${Date.now()}${++n}`;
const expiresAt = () => new Date(Date.now() + 15 * 60_000);

beforeAll(async () => {
  w = await startPayWorld();
  s = wechatSettings(w);
  register(w, s);
});
afterAll(() => w.close());
beforeEach(() => {
  w.sandbox.control.setRefundMode({ mode: 'success' });
  w.received.length = 0;
});

async function paidPayment(amount = 1250) {
  const paymentNo = no('WX');
  await adapter.createPayment(s, {
    paymentNo,
    amount,
    description: '门票 Ticket',
    scene: 'qr',
    expiresAt: expiresAt(),
  });
  await w.sandbox.control.pay(paymentNo);
  return paymentNo;
}

describe('WeChat Pay v3 adapter against the sandbox', () => {
  it('creates a payment in each scene', async () => {
    const jsapi = await adapter.createPayment(s, {
      paymentNo: no('J'),
      amount: 100,
      description: 'JSAPI',
      scene: 'jsapi',
      payerId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      expiresAt: expiresAt(),
    });
    expect(jsapi.scene).toBe('jsapi');
    if (jsapi.scene !== 'jsapi') return;
    expect(jsapi.params.package).toMatch(/^prepay_id=wx/);
    expect(jsapi.params.signType).toBe('RSA');
    const qr = await adapter.createPayment(s, {
      paymentNo: no('Q'),
      amount: 100,
      description: 'QR',
      scene: 'qr',
      expiresAt: expiresAt(),
    });
    expect(qr.scene === 'qr' && qr.codeUrl).toMatch(/\/pay\//);
    const h5 = await adapter.createPayment(s, {
      paymentNo: no('H'),
      amount: 100,
      description: 'H5',
      scene: 'h5',
      clientIp: '1.2.3.4',
      expiresAt: expiresAt(),
    });
    expect(h5.scene === 'h5' && h5.url).toMatch(/\/pay\/.+scene=h5/);
    // the pay page shows the payment
    const page = await fetch(h5.scene === 'h5' ? h5.url : '');
    expect(await page.text()).toContain('¥1.00');
  });

  it('queries pending, then paid after the payer pays; the notification verifies and decodes', async () => {
    const paymentNo = no('P');
    await adapter.createPayment(s, {
      paymentNo,
      amount: 1250,
      description: 'Ticket',
      scene: 'qr',
      expiresAt: expiresAt(),
    });
    expect(await adapter.queryPayment(s, paymentNo)).toMatchObject({
      status: 'pending',
      amount: 1250,
      providerTxnId: null,
    });
    const [delivery] = await w.sandbox.control.pay(paymentNo);
    expect(delivery!.status).toBe(204);
    const paid = await adapter.queryPayment(s, paymentNo);
    expect(paid).toMatchObject({ status: 'paid', amount: 1250 });
    expect(paid.providerTxnId).toMatch(/^4200/);
    expect(paid.paidAt).toBeInstanceOf(Date);
    const incoming = w.received.at(-1)!;
    const parsed = await adapter.parseNotification(s, incoming);
    expect(parsed).toEqual({ kind: 'payment', payment: paid });
    // replayed: it still verifies (deduplication by the provider's id is the server's)
    expect(await adapter.parseNotification(s, incoming)).toEqual(parsed);
    expect(adapter.notificationReply(true).status).toBe(204);
    expect(adapter.notificationReply(false)).toMatchObject({ status: 400 });
  });

  it('rejects a forged notification: a wrong signature, an edited body, another APIv3 key', async () => {
    w.sandbox.control.setNotify({ wrongSignature: true });
    await paidPayment();
    const forged = w.received.at(-1)!;
    await expect(adapter.parseNotification(s, forged)).rejects.toBeInstanceOf(NotificationRejected);
    await paidPayment();
    const good = w.received.at(-1)!;
    const edited = { ...good, rawBody: good.rawBody.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ') };
    await expect(adapter.parseNotification(s, edited)).rejects.toThrow(/does not verify/);
    await expect(adapter.parseNotification({ ...s, apiKey: 'x'.repeat(32) }, good)).rejects.toThrow(
      /decrypt/,
    );
    await expect(
      adapter.parseNotification({ ...s, providerKeySerial: 'PUB_KEY_ID_OTHER' }, good),
    ).rejects.toBeInstanceOf(NotificationRejected);
  });

  it('sends a notification twice when told to, both verify', async () => {
    w.sandbox.control.setNotify({ twice: true });
    await paidPayment();
    expect(w.received).toHaveLength(2);
    const [a, b] = await Promise.all(w.received.map((r) => adapter.parseNotification(s, r)));
    expect(a).toEqual(b);
  });

  it('holds notifications until released', async () => {
    w.sandbox.control.setNotify({ hold: true });
    await paidPayment();
    expect(w.received).toHaveLength(0);
    w.sandbox.control.setNotify({ hold: false });
    const sent = await w.sandbox.control.releaseNotifications();
    expect(sent).toHaveLength(1);
    expect(w.received).toHaveLength(1);
  });

  it('closes a pending payment; a failed payment reads failed', async () => {
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
    const failed = no('F');
    await adapter.createPayment(s, {
      paymentNo: failed,
      amount: 100,
      description: 'x',
      scene: 'qr',
      expiresAt: expiresAt(),
    });
    w.sandbox.control.fail(failed);
    expect((await adapter.queryPayment(s, failed)).status).toBe('failed');
  });

  it('refunds: success, failure with the reason, processing then query and notification', async () => {
    const paymentNo = await paidPayment(1000);
    const ok = await adapter.refund(s, {
      paymentNo,
      providerTxnId: null,
      refundNo: no('R'),
      amount: 300,
      total: 1000,
      reason: '行程取消',
    });
    expect(ok).toMatchObject({ status: 'success', amount: 300, reason: null });
    expect(ok.providerRefundId).toBeTruthy();

    w.sandbox.control.setRefundMode({ mode: 'fail', reason: '基本账户余额不足 / balance not enough' });
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
      reason: 'NOT_ENOUGH: 基本账户余额不足 / balance not enough',
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
    const note = await adapter.parseNotification(s, w.received.at(-1)!);
    expect(note).toMatchObject({
      kind: 'refund',
      refund: { refundNo, paymentNo, status: 'success', amount: 200 },
    });

    const abnormal = no('R');
    await adapter.refund(s, {
      paymentNo,
      providerTxnId: null,
      refundNo: abnormal,
      amount: 100,
      total: 1000,
      reason: 'x',
    });
    await w.sandbox.control.resolveRefund(abnormal, 'fail', 'account closed');
    expect(await adapter.queryRefund(s, abnormal, paymentNo)).toMatchObject({ status: 'failed' });
  });

  it('downloads the statement, one line with a changed amount', async () => {
    const own = wechatSettings(w, { merchantId: '1900000202' });
    register(w, own);
    const a = no('S');
    const b = no('S');
    for (const paymentNo of [a, b]) {
      await adapter.createPayment(own, {
        paymentNo,
        amount: 2000,
        description: 'a, b',
        scene: 'qr',
        expiresAt: expiresAt(),
      });
      await w.sandbox.control.pay(paymentNo);
    }
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

  it('tests the connection: ok, then not ok with a wrong merchant key or a wrong platform key', async () => {
    expect(await adapter.testConnection(s)).toMatchObject({
      ok: true,
      hint: 'verified',
      code: 'ORDER_NOT_EXIST',
    });
    const wrongKey = await adapter.testConnection({ ...s, privateKey: otherKeys.privateKey });
    expect(wrongKey).toMatchObject({ ok: false, hint: 'ourSignatureRefused', code: 'SIGN_ERROR' });
    const wrongPlatform = await adapter.testConnection({ ...s, providerKey: otherKeys.publicKey });
    expect(wrongPlatform).toMatchObject({ ok: false, hint: 'answerNotVerified', code: 'SIGN_VERIFY' });
    expect(await adapter.testConnection({ ...s, privateKey: null })).toMatchObject({
      ok: false,
      hint: 'settingsIncomplete',
      providerMessage: expect.stringContaining('not set'),
    });
  });

  it('signs and decrypts as documented', () => {
    expect(signatureProblem({}, '', otherKeys.publicKey, null)).toMatch(/missing/);
    expect(() =>
      decryptResource(
        { ciphertext: Buffer.alloc(32).toString('base64'), nonce: 'abcdefghijkl' },
        'k'.repeat(32),
      ),
    ).toThrow();
  });
});
