import { defineMessages } from '../../locales/define.ts';

/** The withdrawal screen (/disManage/haul); field labels are in src/shared/dict/withdrawals.ts. */
export default {
  withdrawals: defineMessages({
    zh: {
      apply: '申请提现',
      applyTitle: '申请提现',
      applyHint: '提交后金额从余额中冻结，审核通过并打款后扣除；被拒绝或撤销时退回余额。',
      approve: '同意',
      approveConfirm: '同意 {{company}} 提现 {{amount}} 元？',
      approveHint: '申请人本人不能审核自己的申请；启用“双人打款”时（默认），同意的人也不能再为它打款。',
      reject: '拒绝',
      rejectTitle: '拒绝 {{company}} 的提现（{{amount}} 元）',
      rejectHint: '拒绝后冻结的金额退回分销商余额。',
      pay: '打款',
      payTitle: '登记 {{company}} 的打款（{{amount}} 元）',
      payHint:
        '请在银行转账完成后登记银行流水号，登记后不能撤销。启用“双人打款”时（默认），须由审核人以外的员工登记。',
      cancel: '撤销',
      cancelConfirm: '撤销提现申请 {{no}}？冻结的金额将退回余额。',
      totals: '共 {{count}} 笔，合计 {{amount}} 元',
      held: '冻结中 {{amount}} 元',
      paid: '已打款 {{amount}} 元',
      ok: '确定',
      cancelButton: '取消',
      submit: '提交',
      noDistributors: '没有可选的分销商',
    },
    en: {
      apply: 'Request withdrawal',
      applyTitle: 'Request a withdrawal',
      applyHint:
        'The amount is held from the balance at once and paid out once approved; a rejected or canceled request returns it to the balance.',
      approve: 'Approve',
      approveConfirm: 'Approve the withdrawal of {{amount}} yuan by {{company}}?',
      approveHint:
        'Nobody may review a request of their own; with two people for money out (the default), whoever approves may not pay it.',
      reject: 'Reject',
      rejectTitle: 'Reject the withdrawal of {{company}} ({{amount}} yuan)',
      rejectHint: 'The held amount returns to the distributor’s balance.',
      pay: 'Pay out',
      payTitle: 'Record the payment to {{company}} ({{amount}} yuan)',
      payHint:
        'Record the bank reference once the transfer is done; this cannot be undone. With two people for money out (the default), someone other than the approver records it.',
      cancel: 'Cancel request',
      cancelConfirm: 'Cancel withdrawal request {{no}}? The held amount returns to the balance.',
      totals: '{{count}} withdrawals, {{amount}} yuan in all',
      held: '{{amount}} yuan held',
      paid: '{{amount}} yuan paid out',
      ok: 'OK',
      cancelButton: 'Cancel',
      submit: 'Submit',
      noDistributors: 'No distributors to choose',
    },
  }),
};
