import { SMS_TEMPLATES, SMS_USES, type SmsTemplateCode } from '../../../shared/dict/messaging.ts';
import { fillMessage } from '../../../shared/message-text.ts';
import type { Db } from '../../db/client.ts';
import { seal } from '../../lib/secret-box.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { messageKindOf } from './message-kinds.ts';
import { outboxMessages, smsPlatforms, smsTemplates, smsUses } from './messaging.table.ts';

/** The starting texts of the templates no module on this server sends yet (cards, invoices). */
const LATER_TEXTS: Partial<Record<SmsTemplateCode, string>> = {
  4: '您已成功购买${product}，订单号${orderNo}，金额${amount}元，请在小程序中激活使用。',
  7: '您的畅游卡订单${orderNo}已退款${amount}元，预计1-3个工作日原路退回。',
  9: '您申请的发票已开具，发票号码${invoiceNo}，下载地址：${link}',
};

const ALIYUN_TEMPLATE_CODES: Record<SmsTemplateCode, string> = {
  1: 'SMS_465210001',
  2: 'SMS_465210002',
  3: 'SMS_465210003',
  4: 'SMS_465210004',
  5: 'SMS_465210005',
  6: 'SMS_465210006',
  7: 'SMS_465210007',
  8: 'SMS_465210008',
  9: 'SMS_465210009',
  10: 'SMS_465210010',
};

/**
 * The demo area's SMS: the `log` platform enabled for every use (messages recorded, not sent), the
 * Alibaba Cloud account it used before kept disabled, and the ten templates enabled with their texts.
 */
export async function seedDemoMessaging(tx: Db, scenicId: number): Promise<void> {
  await tx.insert(smsPlatforms).values([
    { scenicId, platform: 9, enabled: true, signName: '青山湖风景区' },
    {
      scenicId,
      platform: 0,
      enabled: false,
      accessKeyId: 'LTAI5tDemoYunling0001',
      secretSealed: seal(`demo-aliyun-${scenicId}`),
      region: 'cn-hangzhou',
      signName: '青山湖风景区',
    },
  ]);
  await tx.insert(smsTemplates).values(
    SMS_TEMPLATES.map((template) => ({
      scenicId,
      template,
      enabled: true,
      templateCode: ALIYUN_TEMPLATE_CODES[template],
      content: messageKindOf(template)?.text ?? LATER_TEXTS[template] ?? '',
    })),
  );
  await tx.insert(smsUses).values(SMS_USES.map((use) => ({ scenicId, use, platform: 9 })));
}

/** A message of the demo's history: what an event of the last week queued. */
export interface DemoSend {
  template: SmsTemplateCode;
  phone: string;
  variables: Record<string, string>;
  eventKey: string;
  ref: string;
  use: number;
  at: Date;
}

/** Alibaba Cloud's refusals as the demo's older days met them. */
const FAILURES = [
  { code: 'isv.MOBILE_NUMBER_ILLEGAL', message: '非法手机号' },
  { code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发号码天级流控Permits:10' },
  { code: 'isv.AMOUNT_NOT_ENOUGH', message: '账户余额不足' },
];

/**
 * Writes the history's messages as the worker would have left them: the older days sent through
 * Alibaba Cloud (most delivered, some refused, one retried before it went), the last three through
 * the log platform. Called by the modules whose events they are (order-admin's history), after their
 * own rows; the same events queue nothing twice.
 */
export async function writeDemoSends(db: Db, scenicId: number, sends: readonly DemoSend[], now: Date) {
  const random = seededRandom(scenicId * 131);
  const switchedAt = now.getTime() - 3 * 86_400_000;
  const rows = sends.map((send) => {
    const viaLog = send.at.getTime() >= switchedAt;
    const roll = random.next();
    const failure = !viaLog && roll < 0.06 ? random.pick(FAILURES) : null;
    const attempts = !viaLog && roll > 0.97 ? 3 : 1;
    const content = messageKindOf(send.template)?.text ?? LATER_TEXTS[send.template] ?? '';
    const sentAt = new Date(send.at.getTime() + (attempts > 1 ? 150_000 : 2_000));
    return {
      scenicId,
      template: send.template,
      use: send.use,
      recipient: send.phone,
      variables: send.variables,
      eventKey: send.eventKey,
      ref: send.ref,
      status: failure ? 3 : 2,
      platform: viaLog ? 9 : 0,
      text: fillMessage(content, send.variables).slice(0, 600),
      result: failure ? failure.code : '0',
      resultMessage: failure ? failure.message : viaLog ? 'recorded, not sent' : 'OK',
      providerMessageId: failure
        ? ''
        : viaLog
          ? `log-${sentAt.getTime().toString(36)}-${send.phone.slice(-4)}`
          : `${900000 + Math.floor(random.next() * 99999)}${sentAt.getTime()}`,
      attempts,
      nextAttemptAt: sentAt,
      sentAt: failure ? null : sentAt,
      createdAt: send.at,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(outboxMessages)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({ target: [outboxMessages.scenicId, outboxMessages.eventKey] });
}
