import { defineMessages } from '../../locales/define.ts';

/** The scenic area's settings screen (/sys/setting). */
export default {
  settings: defineMessages({
    zh: {
      updateTime: '更新时间',
      scenicName: '景区',
      savedState: '设置状态',
      saved: '已保存',
      defaults: '默认设置（尚未保存）',
      contact: '联系人',
      phone: '联系电话',
      openTime: '开园时间',
      closeTime: '闭园时间',
      timeZone: '景区时区',
      timeZoneHint:
        '售票“今天”、有效期、检票与开放时间、定时任务、报表和导出都按此时区计算，与服务器时区无关',
      notice: '游客须知',
      refundRule: '默认退票规则',
      refundDeadlineHours: '退票截止时间（游玩前）',
      refundDeadlineHint: '仅“有条件退”时生效：游玩时间前多少小时内不可退',
      acceptLatePayment: '接受超时支付',
      acceptLatePaymentHint: '订单超时取消后才到账的支付：开启时库存足够则恢复订单，否则自动退款',
      twoPersonPayout: '双人打款',
      twoPersonPayoutHint:
        '分销商提现：审核通过的账号不能再为同一笔提现打款，须由另一名员工打款（退款的申请人与审核人本就分开）',
      hours: '小时',
      refundFeeUnit: '手续费单位',
      refundFeeValue: '退票手续费',
      yuan: '元',
      realNameType: '默认实名类型',
      printType: '默认打印类型',
    },
    en: {
      updateTime: 'Updated',
      scenicName: 'Scenic area',
      savedState: 'Settings',
      saved: 'Saved',
      defaults: 'Defaults (not saved yet)',
      contact: 'Contact',
      phone: 'Phone',
      openTime: 'Opening time',
      closeTime: 'Closing time',
      timeZone: 'Time zone',
      timeZoneHint:
        'Selling\'s "today", validity, gate check-in and opening hours, jobs, reports and exports all use this zone, whatever the server\'s',
      notice: 'Visitor notice',
      refundRule: 'Default refund rule',
      refundDeadlineHours: 'Refund deadline (before the visit)',
      refundDeadlineHint: 'Conditional refunds only: no refund within this many hours of the visit',
      acceptLatePayment: 'Accept late payments',
      acceptLatePaymentHint:
        'A payment that arrives after the order timed out: when on, the order is revived if stock allows; otherwise it is refunded',
      twoPersonPayout: 'Two people for money out',
      twoPersonPayoutHint:
        'Distributor withdrawals: the account that approved one may not also pay it; another staff member pays (refunds already keep requester and reviewer apart)',
      hours: 'h',
      refundFeeUnit: 'Refund fee unit',
      refundFeeValue: 'Refund fee',
      yuan: 'yuan',
      realNameType: 'Default real-name type',
      printType: 'Default print type',
    },
  }),
};
