import { defineDict } from './dict.ts';

/**
 * The one vocabulary of the audit log: the module a change belongs to and the kind of record it
 * changed. Every writer takes its names from here (a typo fails tsc), the console's audit screen
 * shows and filters by these labels, and migration 0013 moved older spellings onto them.
 */
export const AuditModule = defineDict({
  auth: { zh: '登录与密码', en: 'Sign-in and passwords' },
  members: { zh: '会员', en: 'Members' },
  sys: { zh: '账号与角色', en: 'Accounts and roles' },
  oauth: { zh: '客户端', en: 'OAuth clients' },
  setting: { zh: '景区设置', en: 'Scenic-area settings' },
  copyright: { zh: '版权信息', en: 'Copyright and branding' },
  scenic: { zh: '景区内容', en: 'Scenic content' },
  storage: { zh: '文件上传', en: 'Uploads' },
  ticket: { zh: '票务设置', en: 'Ticket setup' },
  theatres: { zh: '剧场与场次', en: 'Theatres and shows' },
  inventory: { zh: '价格与库存', en: 'Prices and stock' },
  orders: { zh: '订单与退票', en: 'Orders and refunds' },
  reservations: { zh: '预约', en: 'Bookings' },
  promotion: { zh: '营销', en: 'Promotions' },
  distribution: { zh: '分销', en: 'Distribution' },
});
export type AuditModuleCode = keyof typeof AuditModule;

export const AuditTarget = defineDict({
  admin: { zh: '账号', en: 'Account' },
  distributor: { zh: '分销商', en: 'Distributor' },
  distributorTopUp: { zh: '分销商充值', en: 'Distributor top-up' },
  member: { zh: '会员', en: 'Member' },
  memberLevel: { zh: '会员等级', en: 'Member level' },
  rechargeRule: { zh: '充值规则', en: 'Top-up rule' },
  role: { zh: '角色', en: 'Role' },
  oauthClient: { zh: '客户端', en: 'OAuth client' },
  scenicSetting: { zh: '景区设置', en: 'Settings' },
  scenicArea: { zh: '景区', en: 'Scenic area' },
  copyright: { zh: '版权信息', en: 'Branding record' },
  file: { zh: '文件', en: 'File' },
  scenicSpot: { zh: '景点', en: 'Scenic spot' },
  pictureGroup: { zh: '图片分组', en: 'Picture group' },
  groupPicture: { zh: '分组图片', en: 'Group picture' },
  ticketDisplay: { zh: '门票展示', en: 'Ticket display' },
  announcement: { zh: '景区公告', en: 'Announcement' },
  scenicArticle: { zh: '景区文章', en: 'Article' },
  ticType: { zh: '票种分类', en: 'Ticket category' },
  ticketProduct: { zh: '门票产品', en: 'Ticket product' },
  theatre: { zh: '剧场', en: 'Theatre' },
  theatreShow: { zh: '场次', en: 'Show' },
  staffCard: { zh: '员工卡', en: 'Staff card' },
  printTemplate: { zh: '打印模板', en: 'Print template' },
  agreement: { zh: '购票协议', en: 'Ticket agreement' },
  notice: { zh: '购票须知', en: 'Purchase notice' },
  priceCalendar: { zh: '价格日历', en: 'Price calendar' },
  scenicPeriod: { zh: '时段', en: 'Time slot' },
  publicStock: { zh: '公共库存', en: 'Public stock' },
  ticketOrder: { zh: '门票订单', en: 'Ticket order' },
  refundRequest: { zh: '退票申请', en: 'Refund application' },
  refund: { zh: '退款', en: 'Refund' },
  reservationSite: { zh: '预约场馆', en: 'Booking site' },
  reservationSession: { zh: '预约场次', en: 'Booking session' },
  reservation: { zh: '预约记录', en: 'Booking' },
  travelPackage: { zh: '旅游线路', en: 'Travel package' },
  travelDeparture: { zh: '线路团期', en: 'Departure' },
  coupon: { zh: '优惠券', en: 'Coupon' },
});
export type AuditTargetCode = keyof typeof AuditTarget;
