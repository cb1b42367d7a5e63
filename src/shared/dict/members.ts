import { defineDict } from './dict.ts';

/** A member's account: normal, or frozen by staff (no spending, no top-ups, no sign-in). */
export const MemberStatus = defineDict({
  1: { zh: '正常', en: 'Active', color: 'green' },
  2: { zh: '已冻结', en: 'Frozen', color: 'red' },
});
export const MEMBER_STATUS = { active: 1, frozen: 2 } as const;

/** Where a member registered. */
export const MemberSource = defineDict({
  1: { zh: '微信小程序', en: 'Mini-program' },
  2: { zh: '售票窗口', en: 'Ticket window' },
  3: { zh: '后台录入', en: 'Console' },
});
export const MEMBER_SOURCE = { miniProgram: 1, window: 2, console: 3 } as const;

/**
 * docs/product.md §9 member balance operations (1 top-up, 2 consume, 3 refund), plus the gift of a
 * recharge rule and staff adjustments (docs/decisions.md "Stored value").
 */
export const BalanceOperation = defineDict({
  1: { zh: '充值', en: 'Top-up', color: 'green' },
  2: { zh: '消费', en: 'Consume', color: 'orange' },
  3: { zh: '退款', en: 'Refund', color: 'blue' },
  4: { zh: '充值赠送', en: 'Top-up gift', color: 'cyan' },
  5: { zh: '人工调整', en: 'Adjustment', color: 'purple' },
});
export const BALANCE_OP = { topUp: 1, consume: 2, refund: 3, gift: 4, adjust: 5 } as const;
export type BalanceOpCode = (typeof BALANCE_OP)[keyof typeof BALANCE_OP];

/** A top-up: created when the member starts paying, paid when the payment is confirmed, closed unpaid. */
export const RechargeStatus = defineDict({
  101: { zh: '待支付', en: 'Pending payment', color: 'orange' },
  201: { zh: '已到账', en: 'Paid', color: 'green' },
  103: { zh: '已关闭', en: 'Closed', color: 'default' },
});
export const RECHARGE_STATUS = { pending: 101, paid: 201, closed: 103 } as const;

/** What a member level's threshold counts. */
export const LevelBasis = defineDict({
  1: { zh: '累计消费', en: 'Total spend' },
  2: { zh: '累计积分', en: 'Points' },
});
export const LEVEL_BASIS = { spend: 1, points: 2 } as const;

/** Identity documents of a frequent traveller. */
export const TravellerIdType = defineDict({
  1: { zh: '居民身份证', en: 'Resident ID card' },
  2: { zh: '护照', en: 'Passport' },
  3: { zh: '港澳居民来往内地通行证', en: 'Home Return Permit' },
  4: { zh: '台湾居民来往大陆通行证', en: 'Taiwan Compatriot Permit' },
});
export const TRAVELLER_ID_TYPE = { idCard: 1, passport: 2, hkMacau: 3, taiwan: 4 } as const;

/** Why a member's level changed. */
export const LevelChangeReason = defineDict({
  1: { zh: '自动升级', en: 'Upgraded automatically' },
  2: { zh: '人工调整', en: 'Set by staff' },
});
export const LEVEL_CHANGE = { automatic: 1, staff: 2 } as const;

/** Column labels of the /user screens and their exports. */
export const MemberField = defineDict({
  id: { zh: '会员ID', en: 'Member ID' },
  member: { zh: '会员', en: 'Member' },
  phone: { zh: '手机号', en: 'Phone' },
  nickname: { zh: '昵称', en: 'Nickname' },
  avatar: { zh: '头像', en: 'Avatar' },
  level: { zh: '会员等级', en: 'Level' },
  balance: { zh: '余额(元)', en: 'Balance (CNY)' },
  points: { zh: '积分', en: 'Points' },
  totalSpend: { zh: '累计消费(元)', en: 'Total spend (CNY)' },
  registeredAt: { zh: '注册时间', en: 'Registered' },
  source: { zh: '注册渠道', en: 'Source' },
  status: { zh: '状态', en: 'Status' },
  operation: { zh: '类型', en: 'Operation' },
  change: { zh: '变动金额(元)', en: 'Change (CNY)' },
  balanceAfter: { zh: '变动后余额(元)', en: 'Balance after (CNY)' },
  orderNo: { zh: '关联单号', en: 'Reference' },
  remark: { zh: '备注', en: 'Remark' },
  operator: { zh: '操作人', en: 'Operator' },
  time: { zh: '时间', en: 'Time' },
  levelName: { zh: '等级名称', en: 'Level name' },
  basis: { zh: '升级依据', en: 'Based on' },
  threshold: { zh: '升级门槛', en: 'Threshold' },
  discount: { zh: '购票折扣(%)', en: 'Ticket price (%)' },
  benefits: { zh: '等级权益', en: 'Benefits' },
  badge: { zh: '等级徽章', en: 'Badge' },
  sort: { zh: '排序', en: 'Order' },
  members: { zh: '会员数', en: 'Members' },
  rechargeNo: { zh: '充值单号', en: 'Top-up no.' },
  payAmount: { zh: '实付金额(元)', en: 'Paid (CNY)' },
  giftAmount: { zh: '赠送金额(元)', en: 'Gift (CNY)' },
  rule: { zh: '充值规则', en: 'Rule' },
  payWay: { zh: '支付方式', en: 'Pay way' },
  paidAt: { zh: '到账时间', en: 'Paid at' },
  createTime: { zh: '创建时间', en: 'Created' },
  travellerName: { zh: '姓名', en: 'Name' },
  idType: { zh: '证件类型', en: 'ID type' },
  idNumber: { zh: '证件号码', en: 'ID number' },
  fromLevel: { zh: '原等级', en: 'From' },
  toLevel: { zh: '新等级', en: 'To' },
  reason: { zh: '原因', en: 'Reason' },
  memberPhone: { zh: '会员手机号', en: 'Member phone' },
  travellerPhone: { zh: '出行人手机号', en: 'Traveller phone' },
  amount: { zh: '消费金额(元)', en: 'Amount (CNY)' },
  adjustChange: { zh: '调整金额(元)', en: 'Adjustment (CNY)' },
  adjustReason: { zh: '调整原因', en: 'Reason' },
  admPassword: { zh: '操作员密码', en: 'Your password' },
  levelDiscount: { zh: '等级折扣', en: 'Level discount' },
  travellers: { zh: '常用出行人', en: 'Travellers' },
  recharged: { zh: '累计充值(元)', en: 'Topped up (CNY)' },
  updatedAt: { zh: '更新时间', en: 'Updated' },
});

/** Texts of the /user exports and rows. */
export const MemberText = defineDict({
  membersExport: { zh: '会员列表', en: 'Members' },
  rechargesExport: { zh: '充值记录', en: 'Top-ups' },
  travellersExport: { zh: '常用出行人', en: 'Travellers' },
  phoneUnbound: { zh: '未绑定', en: 'Not bound' },
  counterConsume: { zh: '柜台消费', en: 'Counter consumption' },
});
