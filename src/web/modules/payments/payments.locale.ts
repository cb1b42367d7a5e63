import { defineMessages } from '../../locales/define.ts';

/** The payment settings screen (/sys/payMentSet) and the reconciliation differences (/sys/payReconcile). */
export default {
  payments: defineMessages({
    zh: {
      intro: '每种线上支付方式一组设置。密钥与证书加密保存，页面只显示“已设置 / 未设置”。',
      notifyHint: '在支付平台的商户后台填写此地址',
      live: '正式环境',
      save: '保存',
      test: '测试连接',
      testOk: '连接成功',
      testFailed: '连接失败',
      noAdapter: '尚未接入支付渠道，暂不能测试连接',
      unavailable: '其他线上支付方式',
      unavailableTag: '暂不可用',
      updatedBy: '最后修改',
      saved: '已保存',
      reconcileLink: '对账差异',
    },
    en: {
      intro:
        'One block per online pay way. Keys and certificates are stored encrypted; the screen shows only whether each is set.',
      notifyHint: "Enter this address in the provider's merchant platform",
      live: 'Live',
      save: 'Save',
      test: 'Test connection',
      testOk: 'Connected',
      testFailed: 'Connection failed',
      noAdapter: 'No provider adapter is installed yet: the connection cannot be tested',
      unavailable: 'Other online pay ways',
      unavailableTag: 'Not available yet',
      updatedBy: 'Last changed',
      saved: 'Saved',
      reconcileLink: 'Reconciliation differences',
    },
  }),
  payReconcile: defineMessages({
    zh: {
      settle: '从渠道补记',
      settleConfirm: '向支付渠道查询{{line}} {{no}} 并补记？',
      settleHint: '渠道确认这笔交易后，按支付通知的方式记入我方记录，差异标记为已补记。',
      settled: '已从渠道补记',
      accept: '确认',
      acceptTitle: '确认差异：{{no}}',
      acceptHint: '核实后无需补记时确认，请写明原因（如渠道手续费调整）。',
      accepted: '已确认',
      runAgain: '重新对账',
      runHint: '重新下载该日对账单并逐笔核对：未处理的差异按新结果替换，已处理的保留。',
      run: '开始对账',
      close: '关闭',
      result: '对账结果',
      lines: '对账单笔数',
      differences: '差异笔数',
      error: '错误信息',
    },
    en: {
      settle: 'Settle from provider',
      settleConfirm: 'Ask the provider about {{no}} ({{line}}) and record it?',
      settleHint:
        'Once the provider confirms the transaction it is recorded as its notification would have been, and the difference is marked settled.',
      settled: 'Settled from the provider',
      accept: 'Accept',
      acceptTitle: 'Accept the difference: {{no}}',
      acceptHint:
        'Accept it when it was checked and nothing is to be recorded; say why (a fee adjustment, say).',
      accepted: 'Accepted',
      runAgain: 'Run again',
      runHint:
        "Downloads the day's statement again and matches it line by line: open differences are replaced by the new result, fixed ones stay.",
      run: 'Run',
      close: 'Close',
      result: 'Result',
      lines: 'Statement lines',
      differences: 'Differences',
      error: 'Error',
    },
  }),
};
