import { yuan } from './crypto.ts';
import type { Reply, SandboxRequest } from './http.ts';
import type { PaySandboxControl } from './control.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STATUS: Record<string, string> = {
  pending: '待支付 / Waiting for payment',
  paid: '已支付 / Paid',
  failed: '支付失败 / Payment failed',
  closed: '已关闭 / Closed',
};

const html = (status: number, body: string): Reply => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>支付沙箱 / Payment sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}main{border:1px solid #ddd;border-radius:8px;padding:1.5rem}
.amount{font-size:2rem;font-weight:600}button{font-size:1rem;padding:.6rem 1.4rem;margin-right:.5rem;border-radius:6px;border:0;cursor:pointer}
.pay{background:#07c160;color:#fff}.fail{background:#eee}dt{color:#666;margin-top:.5rem}</style></head><body><main>${body}</main></body></html>`,
});

/** The pay page: GET /pay/<id> shows the payment; its buttons POST /pay/<id>/pay or /fail, which send the notification. */
export async function handlePage(control: PaySandboxControl, req: SandboxRequest): Promise<Reply | null> {
  const m = /^\/pay\/([^/]+)(?:\/(pay|fail))?$/.exec(req.path);
  if (!m) return null;
  const id = decodeURIComponent(m[1]!);
  const payment = control.payment(id);
  if (!payment) return html(404, '<h1>订单不存在 / No such payment</h1>');
  if (m[2] && req.method === 'POST') {
    if (payment.status === 'pending') {
      if (m[2] === 'pay') await control.pay(payment.id);
      else control.fail(payment.id);
    }
    return { status: 303, headers: { location: `/pay/${encodeURIComponent(payment.id)}` } };
  }
  if (req.method !== 'GET') return html(405, '<h1>Method not allowed</h1>');
  const provider = payment.provider === 'wechat' ? '微信支付 / WeChat Pay' : '支付宝 / Alipay';
  const actions =
    payment.status === 'pending'
      ? `<form method="post" action="/pay/${encodeURIComponent(payment.id)}/pay" style="display:inline"><button class="pay" type="submit">支付 / Pay</button></form>
<form method="post" action="/pay/${encodeURIComponent(payment.id)}/fail" style="display:inline"><button class="fail" type="submit">支付失败 / Fail</button></form>`
      : '';
  return html(
    200,
    `<h1>${provider}（沙箱 / sandbox）</h1>
<p class="amount">¥${yuan(payment.amount)}</p>
<dl><dt>商品 / Description</dt><dd>${escape(payment.description)}</dd>
<dt>订单号 / Payment number</dt><dd>${escape(payment.paymentNo)}</dd>
<dt>状态 / Status</dt><dd id="status">${STATUS[payment.status]}</dd></dl>
${actions}`,
  );
}
