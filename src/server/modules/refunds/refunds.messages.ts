import { defineDict } from '../../../shared/dict/dict.ts';

/** What the refunds module says to users, in both languages (collected by src/server/http/messages.ts). */
export const refundsMessages = defineDict({
  refundNotAllowed: { zh: '该产品不可退票', en: 'This product is non-refundable' },
  refundExpired: {
    zh: '门票已过期，该产品不支持过期退票',
    en: 'The ticket has expired and this product cannot be refunded after expiry',
  },
  refundDeadlinePassed: {
    zh: '已超过退票截止时间（{deadline}）',
    en: 'The refund deadline ({deadline}) has passed',
  },
  refundAfterEntry: {
    zh: '门票已有入园记录，不能退票',
    en: 'The ticket has been used at a gate and cannot be refunded',
  },
  refundRequestOpen: {
    zh: '该门票已有待审核的退票申请',
    en: 'This ticket already has a refund request awaiting review',
  },
  refundRequestCap: {
    zh: '每张门票最多申请退票 {cap} 次',
    en: 'A ticket can be submitted for refund at most {cap} times',
  },
  refundRequestClosed: { zh: '该退票申请已处理', en: 'This refund request has already been handled' },
  reviewerIsRequester: {
    zh: '不能审核自己提交的退票申请',
    en: 'You cannot review a refund request you submitted',
  },
  refundExceedsPaid: { zh: '退款金额超过可退金额', en: 'The refund exceeds the amount that can be refunded' },
  refundNotPending: { zh: '该退款不在待处理状态', en: 'This refund is not pending' },
});
