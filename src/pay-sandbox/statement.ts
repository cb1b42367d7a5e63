import { cstDate, cstDateTime, yuan } from './crypto.ts';
import type { SandboxPayment, SandboxRefund, SandboxState } from './state.ts';

interface Line {
  payment: SandboxPayment;
  refund: SandboxRefund | null;
  at: Date;
  amount: number;
}

/** The day's lines (China Standard Time), a payment by its paid time, a refund by its success time, overrides applied. */
function linesOf(
  state: SandboxState,
  provider: 'wechat' | 'alipay',
  merchantKey: string,
  date: string,
): Line[] {
  const lines: Line[] = [];
  for (const p of state.payments.values()) {
    if (p.provider !== provider || (provider === 'wechat' ? p.merchantId : p.appId) !== merchantKey) continue;
    if (p.paidAt && cstDate(p.paidAt) === date)
      lines.push({
        payment: p,
        refund: null,
        at: p.paidAt,
        amount: state.statementOverrides.get(p.paymentNo) ?? p.amount,
      });
    for (const r of p.refunds)
      if (r.status === 'success' && r.doneAt && cstDate(r.doneAt) === date)
        lines.push({
          payment: p,
          refund: r,
          at: r.doneAt,
          amount: state.statementOverrides.get(r.refundNo) ?? r.amount,
        });
  }
  return lines.sort((a, b) => a.at.getTime() - b.at.getTime());
}

const WECHAT_HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';

/** WeChat's trade bill (bill_type ALL): every field prefixed with a backquote, then the totals. Null: no bill that day. */
export function wechatBill(state: SandboxState, mchid: string, date: string): string | null {
  const lines = linesOf(state, 'wechat', mchid, date);
  if (!lines.length) return null;
  const rows = lines.map(({ payment: p, refund: r, at, amount }) => {
    const fields = [
      cstDateTime(at),
      p.appId,
      p.merchantId,
      '0',
      '',
      p.transactionId,
      p.paymentNo,
      p.payerId ?? 'sandbox-openid',
      { jsapi: 'JSAPI', qr: 'NATIVE', h5: 'MWEB' }[p.scene],
      r ? 'REFUND' : 'SUCCESS',
      'OTHERS',
      'CNY',
      r ? '0.00' : yuan(amount),
      '0.00',
      r ? r.refundId : '0',
      r ? r.refundNo : '0',
      r ? yuan(amount) : '0.00',
      '0.00',
      r ? 'ORIGINAL' : '',
      r ? 'SUCCESS' : '',
      p.description,
      '',
      '0.00000',
      '0.60%',
      r ? '0.00' : yuan(amount),
      r ? yuan(amount) : '0.00',
      '',
    ];
    return fields.map((f) => `\`${f}`).join(',');
  });
  const paid = lines.filter((l) => !l.refund).reduce((s, l) => s + l.amount, 0);
  const refunded = lines.filter((l) => l.refund).reduce((s, l) => s + l.amount, 0);
  const totals = [
    String(lines.length),
    yuan(paid),
    yuan(refunded),
    '0.00',
    '0.00000',
    yuan(paid),
    yuan(refunded),
  ];
  return [
    WECHAT_HEADER,
    ...rows,
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    totals.map((f) => `\`${f}`).join(','),
    '',
  ].join('\r\n');
}

const ALIPAY_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

/** Alipay's business detail file (业务明细) of the trade bill. Null: no bill that day. */
export function alipayBill(state: SandboxState, appId: string, date: string): string | null {
  const lines = linesOf(state, 'alipay', appId, date);
  if (!lines.length) return null;
  const pad = (f: string) => `${f}\t`;
  const rows = lines.map(({ payment: p, refund: r, at, amount }) =>
    [
      p.transactionId,
      p.paymentNo,
      r ? '退款' : '交易',
      p.description,
      cstDateTime(p.createdAt),
      cstDateTime(at),
      '',
      '',
      '',
      '',
      'buyer@example.com',
      yuan(r ? p.amount : amount),
      yuan(r ? -amount : amount),
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '',
      '0.00',
      '0.00',
      r ? r.refundNo : '',
      '0.00',
      '0.00',
      '',
    ]
      .map(pad)
      .join(','),
  );
  const [y, m, d] = date.split('-');
  return [
    '#支付宝业务明细查询',
    `#账号：[${appId}]`,
    `#起始日期：[${y}年${m}月${d}日 00:00:00]   终止日期：[${y}年${m}月${d}日 23:59:59]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    ALIPAY_HEADER,
    ...rows,
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${lines.filter((l) => !l.refund).length}笔，退款合计：${lines.filter((l) => l.refund).length}笔`,
    `#导出时间：[${cstDateTime(new Date())}]`,
    '',
  ].join('\r\n');
}
