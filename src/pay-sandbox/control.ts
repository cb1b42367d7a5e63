import type { SandboxContext } from './context.ts';
import { json } from './http.ts';
import type { Reply, SandboxRequest } from './http.ts';
import { handleNuonuoControl, nuonuoControl } from './nuonuo-control.ts';
import type { NuonuoControl } from './nuonuo-control.ts';
import { SandboxRefusal } from './ops.ts';
import type { HistoryPayment, SandboxOps } from './ops.ts';
import type {
  Delivery,
  Merchant,
  MpMessage,
  NotifyOptions,
  ReceivedRequest,
  RefundMode,
  SandboxPayment,
} from './state.ts';
import { expireAccessTokens } from './wechat-mp.ts';

/** The sandbox's public keys, for the payment settings (the provider's key and its serial). */
export interface SandboxPublicKeys {
  wechat: { publicKey: string; serial: string };
  alipay: { publicKey: string };
}

/** What tests and the demo tell the sandbox, in-process (the same as the HTTP control API under /control/). */
export interface PaySandboxControl extends NuonuoControl {
  keys(): SandboxPublicKeys;
  /** A merchant both protocols know: WeChat by merchantId (mchid), Alipay by appId */
  registerMerchant(merchant: {
    merchantId: string;
    appId: string;
    publicKey: string;
    certSerial?: string | null;
    apiKey?: string | null;
  }): void;
  /** The payer pays (by sandbox id, prepay id, trade number or payment number); resolves once the notification is sent (or held) */
  pay(idOrNo: string): Promise<Delivery[]>;
  /** The payer's payment fails */
  fail(idOrNo: string): void;
  payment(idOrNo: string): SandboxPayment | undefined;
  /** How the refunds to come end: success, fail (with the provider's reason) or processing */
  setRefundMode(mode: RefundMode): void;
  /** A processing refund ends; resolves once its notification is sent */
  resolveRefund(refundNo: string, outcome: 'success' | 'fail', reason?: string): Promise<Delivery[]>;
  /** hold / delayMs for the notifications to come; twice / wrongSignature for the next one */
  setNotify(options: Partial<NotifyOptions>): void;
  releaseNotifications(): Promise<Delivery[]>;
  /** Payments made before the sandbox started (the demo's history): paid at their time, no notification; answers how many were new */
  importHistory(payments: readonly HistoryPayment[]): number;
  /** The statement line of this payment or refund number shows this amount (fen) */
  adjustStatement(no: string, amount: number): void;
  received(): { requests: ReceivedRequest[]; deliveries: Delivery[] };
  /** WeChat mini-program: the subscription messages accepted, newest last */
  subscribeMessages(): MpMessage[];
  /** WeChat mini-program: sends to this openid are refused (43101) until called with refuse = false */
  refuseSubscribeMessages(openid: string, refuse?: boolean): void;
  /** WeChat mini-program: every access token issued so far expires now (42001); answers how many were live */
  expireAccessTokens(): number;
  /** Resolves when every notification under way has been sent */
  idle(): Promise<void>;
  reset(): void;
}

export function createControl(ctx: SandboxContext, ops: SandboxOps): PaySandboxControl {
  const need = (idOrNo: string) => {
    const p = ctx.state.find(idOrNo);
    if (!p) throw new SandboxRefusal(404, 'NOT_FOUND', `no payment ${idOrNo}`);
    return p;
  };
  return {
    keys: () => ({
      wechat: { publicKey: ctx.keys.wechat.publicKey, serial: ctx.keys.wechat.serial },
      alipay: { publicKey: ctx.keys.alipay.publicKey },
    }),
    registerMerchant(m) {
      if (!m.merchantId || !m.appId || !m.publicKey)
        throw new SandboxRefusal(400, 'PARAM_ERROR', 'merchantId, appId and publicKey are required');
      if (m.apiKey && Buffer.byteLength(m.apiKey) !== 32)
        throw new SandboxRefusal(400, 'PARAM_ERROR', 'the APIv3 key is 32 bytes');
      const merchant: Merchant = {
        merchantId: m.merchantId,
        appId: m.appId,
        publicKey: m.publicKey,
        certSerial: m.certSerial ?? null,
        apiKey: m.apiKey ?? null,
      };
      ctx.state.merchants.set(`${m.merchantId}/${m.appId}`, merchant);
    },
    pay: (idOrNo) => ops.pay(need(idOrNo)),
    fail: (idOrNo) => ops.fail(need(idOrNo)),
    payment: (idOrNo) => ctx.state.find(idOrNo),
    setRefundMode(mode) {
      ctx.state.refundMode = mode;
    },
    resolveRefund: (refundNo, outcome, reason) => ops.resolveRefund(refundNo, outcome, reason ?? null),
    setNotify(options) {
      Object.assign(ctx.state.notify, options);
    },
    releaseNotifications: () => ops.notifier.release(),
    importHistory: (payments) => payments.filter((p) => ops.importPaid(p)).length,
    adjustStatement(no, amount) {
      ctx.state.statementOverrides.set(no, amount);
    },
    received: () => ({ requests: [...ctx.state.received], deliveries: [...ctx.state.deliveries] }),
    subscribeMessages: () => [...ctx.state.wechatMp.messages],
    refuseSubscribeMessages(openid, refuse = true) {
      if (!openid) throw new SandboxRefusal(400, 'PARAM_ERROR', 'openid is required');
      if (refuse) ctx.state.wechatMp.refusing.add(openid);
      else ctx.state.wechatMp.refusing.delete(openid);
    },
    expireAccessTokens: () => expireAccessTokens(ctx),
    ...nuonuoControl(ctx),
    idle: () => ops.notifier.idle(),
    reset: () => ctx.state.reset(),
  };
}

type Json = Record<string, unknown>;

/** The HTTP control API: JSON in, JSON out, under /control/. */
export async function handleControl(control: PaySandboxControl, req: SandboxRequest): Promise<Reply | null> {
  if (!req.path.startsWith('/control/')) return null;
  let body: Json;
  try {
    body = req.rawBody ? (JSON.parse(req.rawBody) as Json) : {};
  } catch {
    return json(400, { error: 'body is not JSON' });
  }
  const route = `${req.method} ${req.path}`;
  let m: RegExpExecArray | null;
  try {
    if (route === 'GET /control/keys') return json(200, control.keys());
    if (route === 'POST /control/merchants') {
      control.registerMerchant(body as Parameters<PaySandboxControl['registerMerchant']>[0]);
      return json(200, { ok: true, keys: control.keys() });
    }
    if ((m = /^POST \/control\/payments\/([^/]+)\/(pay|fail)$/.exec(route))) {
      const id = decodeURIComponent(m[1]!);
      // the notification goes out in the background: its result shows in GET /control/received
      if (m[2] === 'pay') void control.pay(id);
      else control.fail(id);
      return json(200, { ok: true, payment: control.payment(id) });
    }
    if ((m = /^GET \/control\/payments\/([^/]+)$/.exec(route))) {
      const p = control.payment(decodeURIComponent(m[1]!));
      return p ? json(200, p) : json(404, { error: 'no such payment' });
    }
    if (route === 'POST /control/refund-mode') {
      control.setRefundMode(body as RefundMode);
      return json(200, { ok: true });
    }
    if ((m = /^POST \/control\/refunds\/([^/]+)\/(succeed|fail)$/.exec(route))) {
      const deliveries = await control.resolveRefund(
        decodeURIComponent(m[1]!),
        m[2] === 'succeed' ? 'success' : 'fail',
        typeof body.reason === 'string' ? body.reason : undefined,
      );
      return json(200, { ok: true, deliveries });
    }
    if (route === 'POST /control/notifications') {
      control.setNotify(body as Partial<NotifyOptions>);
      return json(200, { ok: true });
    }
    if (route === 'POST /control/notifications/release')
      return json(200, { ok: true, deliveries: await control.releaseNotifications() });
    if (route === 'POST /control/history') {
      const payments = Array.isArray(body.payments) ? (body.payments as HistoryPayment[]) : [];
      return json(200, { ok: true, imported: control.importHistory(payments) });
    }
    if (route === 'POST /control/statement') {
      control.adjustStatement(String(body.no), Number(body.amount));
      return json(200, { ok: true });
    }
    if (route === 'GET /control/received') return json(200, control.received());
    if (route === 'GET /control/wechat-mp/messages')
      return json(200, { messages: control.subscribeMessages() });
    if ((m = /^POST \/control\/wechat-mp\/openids\/([^/]+)\/(refuse|accept)$/.exec(route))) {
      control.refuseSubscribeMessages(decodeURIComponent(m[1]!), m[2] === 'refuse');
      return json(200, { ok: true });
    }
    if (route === 'POST /control/wechat-mp/tokens/expire')
      return json(200, { ok: true, expired: control.expireAccessTokens() });
    const nuonuo = handleNuonuoControl(control, route, body);
    if (nuonuo) return nuonuo;
    if (route === 'POST /control/reset') {
      control.reset();
      return json(200, { ok: true });
    }
  } catch (err) {
    if (err instanceof SandboxRefusal) return json(err.status, { error: err.message });
    throw err;
  }
  return json(404, { error: 'no such control call' });
}
