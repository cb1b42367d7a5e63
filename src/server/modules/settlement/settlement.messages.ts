import { defineDict } from '../../../shared/dict/dict.ts';

/** What the settlement module says to users, in both languages (collected by src/server/messages.ts). */
export const settlementMessages = defineDict({
  settlementBatchNotFound: { zh: '结算批次不存在', en: 'Settlement batch not found' },
  settlementBatchStateChanged: {
    zh: '结算批次已关闭或已作废，不能重复操作',
    en: 'This settlement batch is already closed or discarded',
  },
  settlementPeriodOverlap: {
    zh: '结算期间与批次 {batchNo} 重叠',
    en: 'The period overlaps batch {batchNo}',
  },
});
