import { defineMessages } from '../../locales/define.ts';

export default {
  invoiceChecks: defineMessages({
    zh: {
      notFound: '发票不存在或不属于当前景区',
      intro:
        '检测已支付超过 N 天仍未开票的订单（门票、商城、畅游卡；分销订单随结算单开票）、停滞在开票中/重开中/作废中超过 M 分钟的发票，以及金额与订单实收净额不一致的已开发票。',
      days: '支付超过（天）',
      minutes: '停滞超过（分钟）',
      tabCount: '{{label}}（{{count}}）',
      request: '申请开票',
      requestTitle: '为订单 {{sourceNo}} 申请发票？',
      requestHint:
        '以个人抬头申请 {{amount}} 元的蓝字发票，购方名称与手机号取自订单；自动开票的开票方随即开具，手动开票请随后点击“开票”。',
      issue: '开票',
      issueTitle: '开具发票 {{sourceNo}}？',
      settle: '立即核实',
      settleTitle: '向开票平台查询该发票的结果？',
      settleHint: '开票中的发票按平台结果记为已开票或开票失败；作废中的发票再次提交作废。',
      reissuingNote: '重开中：在发票列表中处理',
      red: '冲红差额',
      redTitle: '为发票 {{sourceNo}} 开具 {{amount}} 元红字发票？',
      redHint: '红字发票冲回发票净额超过订单实收净额的部分，并立即提交开票平台。',
      shortfall: '发票少于实收，无需冲红',
      settlementLink: '分销结算发票',
    },
    en: {
      notFound: 'No such invoice in this scenic area',
      intro:
        'Finds orders paid more than N days ago and not invoiced (tickets, shop, travel cards; distributor orders are invoiced with their statements), invoices stuck issuing, reissuing or voiding for more than M minutes, and issued invoices whose total differs from what their order kept.',
      days: 'Paid more than (days)',
      minutes: 'Stuck more than (minutes)',
      tabCount: '{{label}} ({{count}})',
      request: 'Request invoice',
      requestTitle: 'Request the invoice of order {{sourceNo}}?',
      requestHint:
        "A blue invoice to a person for {{amount}} yuan, the buyer's name and mobile taken from the order; an automatic issuer issues it at once, with a manual one press Issue next.",
      issue: 'Issue',
      issueTitle: 'Issue the invoice of {{sourceNo}}?',
      settle: 'Ask the platform now',
      settleTitle: 'Ask the invoicing platform how this invoice ended?',
      settleHint:
        'An issuing invoice is recorded as issued or failed by the platform’s answer; a voiding one is sent to be voided again.',
      reissuingNote: 'Reissuing: handled on the invoice list',
      red: 'Reverse the excess',
      redTitle: 'Reverse {{amount}} yuan of invoice {{sourceNo}} by a red letter?',
      redHint:
        'The red-letter invoice takes back what the invoice (net of its reds) exceeds its order’s kept amount by, sent to the platform at once.',
      shortfall: 'Invoiced less than kept: nothing to reverse',
      settlementLink: 'Settlement invoices',
    },
  }),
  invoiceSettlements: defineMessages({
    zh: {
      intro:
        '每张分销结算单（一个已结算批次中的一个分销商）开具一张发票，金额为结算金额，购方为分销商；分销商账号只看到自己的结算单。',
      request: '申请开票',
      requestTitle: '为结算单 {{statementNo}} 申请发票',
      requestHint:
        '金额 {{amount}} 元。分销商资料中没有税号：单位抬头请填写分销商提供的税号，专票还需地址电话与开户行账号。',
      distributorId: '分销商',
      back: '返回发票列表',
    },
    en: {
      intro:
        'One invoice per distributor settlement statement (one distributor of a closed batch), for its settlement amount, to the distributor; a distributor’s account sees its own statements only.',
      request: 'Request invoice',
      requestTitle: 'Invoice for statement {{statementNo}}',
      requestHint:
        "{{amount}} yuan. The distributor's record holds no tax id: for a company enter the one it gives; a special VAT invoice needs its address, phone and bank too.",
      distributorId: 'Distributor',
      back: 'Back to invoices',
    },
  }),
};
