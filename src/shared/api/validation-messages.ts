import { defineDict } from '../dict/dict.ts';

/**
 * Custom validation messages of the shared schemas. A schema sets `error: 'key'`; the server's error
 * handler and the console's forms both show the label in the user's language.
 */
export const ValidationMessage = defineDict({
  pageSize: { zh: '每页条数只能是 10、20、30、50、100、400', en: 'must be one of 10, 20, 30, 50, 100, 400' },
  passwordPolicy: {
    zh: '密码须为 8-64 位，且同时包含字母和数字',
    en: 'must be 8-64 characters and contain both letters and digits',
  },
  encrypted: { zh: '须为公钥加密后的 Base64 文本', en: 'must be Base64 text encrypted with the public key' },
  copContent: {
    zh: '须为包含 siteIcon 和 siteTitle 的 JSON 文本',
    en: 'must be JSON text with siteIcon and siteTitle',
  },
  required: { zh: '不能为空', en: 'is required' },
  mobile: { zh: '须为 11 位手机号', en: 'must be an 11-digit mobile number' },
  smsCode: { zh: '须为 6 位数字验证码', en: 'must be a 6-digit code' },
  nulCharacter: { zh: '不能包含空字符（\\u0000）', en: 'must not contain a NUL character (\\u0000)' },
  loneSurrogate: {
    zh: '不能包含不成对的代理字符（如单独的 \\ud800）',
    en: 'must not contain an unpaired surrogate (such as a lone \\ud800)',
  },
  clientId: { zh: '不是已知的终端客户端', en: 'is not a known terminal client' },
  clientIdFormat: {
    zh: '只能包含字母、数字、下划线、点和短横线',
    en: 'may contain only letters, digits, underscores, dots and hyphens',
  },
  grantTypesUnique: { zh: '授权方式不能重复', en: 'must not repeat a grant type' },
  scopeFormat: {
    zh: '只能包含字母、数字、下划线、冒号、点和空格',
    en: 'may contain only letters, digits, underscores, colons, dots and spaces',
  },
  refreshTtl: {
    zh: '不能短于访问令牌有效期',
    en: 'must not be shorter than the access token lifetime',
  },
  timeOfDay: { zh: '须为 HH:mm 格式的时间', en: 'must be a time of day as HH:mm' },
  openBeforeClose: { zh: '须晚于开放时间', en: 'must be later than the opening time' },
  timeZone: {
    zh: '须为 IANA 时区名称，如 Asia/Shanghai',
    en: 'must be an IANA time zone name such as Asia/Shanghai',
  },
  percentMax: { zh: '百分比不能超过 100', en: 'must not exceed 100 percent' },
  timeRange: { zh: '不能早于开始时间', en: 'must not be earlier than the start time' },
  usernameFormat: { zh: '不能包含空格或控制字符', en: 'must not contain spaces or control characters' },
  roleCodeFormat: {
    zh: '只能包含字母、数字、下划线、冒号、点和短横线',
    en: 'may contain only letters, digits, underscores, colons, dots and hyphens',
  },
  permissionUnknown: { zh: '包含权限目录中不存在的权限', en: 'contains a permission not in the catalogue' },
  imageUrl: {
    zh: '须为上传后的图片路径或 http(s) 地址',
    en: 'must be an uploaded image path or an http(s) address',
  },
  positionPair: { zh: '经度和纬度须同时填写', en: 'give latitude and longitude together' },
  mapCorners: {
    zh: '上边须在下边以北、右边须在左边以东，中心点须在四角之内',
    en: 'the upper edge must lie north of the lower, the right east of the left, the centre inside the corners',
  },
  // inventory (price calendar, public stock)
  noRepeat: { zh: '不能包含重复项', en: 'must not repeat an item' },
  dateRange: { zh: '不能早于开始日期', en: 'must not be earlier than the start date' },
  rangeMax92: { zh: '日期范围不能超过 92 天', en: 'the date range must not exceed 92 days' },
  rangeMax366: { zh: '日期范围不能超过 366 天', en: 'the date range must not exceed 366 days' },
  changeRequired: {
    zh: '请至少填写价格、库存（容量）或状态中的一项',
    en: 'give at least one of price, stock (capacity) or status',
  },
  calendarProductType: {
    zh: '只有普通票和分时票有价格日历（演出票按剧场场次售卖）',
    en: 'only regular and timed products have a price calendar (performances sell by show)',
  },
  sessionOfProduct: { zh: '不是该商品的场次', en: 'is not a session of this product' },
  sessionRequired: { zh: '分时票须指定场次', en: 'a timed product needs a session' },
  sessionNotAllowed: { zh: '普通票没有场次', en: 'a regular product has no sessions' },
  noMatchingDate: {
    zh: '所选日期范围内没有符合所选星期的日期',
    en: 'no date in the range falls on the chosen weekdays',
  },
  stockForNewDays: {
    zh: '部分日期尚未设置价格日历，新建时须填写库存',
    en: 'some dates have no calendar entry yet; new entries need a stock',
  },
  periodRequired: { zh: '请选择入园时段', en: 'choose a time slot' },
  periodOfSession: {
    zh: '分时票按场次开始时间所在的时段计入公共库存，不能另选时段',
    en: "a timed ticket counts against the slot of its session's start; no other slot can be chosen",
  },
  quantityPositive: { zh: '数量须为正整数', en: 'must be a positive whole number' },
  idNumber: { zh: '须为有效的 18 位居民身份证号码', en: 'must be a valid 18-digit mainland ID number' },
  // members (issue 16)
  idNumberFormat: { zh: '须为 5-20 位字母或数字', en: 'must be 5-20 letters or digits' },
  amountPositive: { zh: '须为大于 0 的金额', en: 'must be an amount above 0' },
  bankAccount: { zh: '须为 8-32 位数字', en: 'must be 8 to 32 digits' },
  changeNonZero: { zh: '调整金额不能为 0', en: 'must not be 0' },
  requiredForReadMode: {
    zh: '所选读卡方式需要填写此项',
    en: 'is required by the chosen read modes',
  },
  listUnique: { zh: '不能有重复项', en: 'must not repeat an entry' },
  trackingNo: { zh: '只能包含字母、数字和短横线', en: 'may hold letters, digits and hyphens only' },
  validRange: { zh: '须晚于开始时间', en: 'must be later than the start' },
  gateOfArea: { zh: '包含不属于本景区的闸机', en: 'contains a gate that is not of this scenic area' },
  insidePaper: { zh: '超出了纸张范围', en: 'lies outside the paper' },
  // ticket products (issue 5)
  channelsUnique: { zh: '渠道不能重复', en: 'must not repeat a channel' },
  timedValidity: {
    zh: '分时票须使用“时段”有效期，“时段”有效期仅用于分时票',
    en: 'timed products use the time-slot validity, and only they do',
  },
  validDaysRange: { zh: '多日票有效天数须为 2-366 天', en: 'a multi-day ticket is valid for 2-366 days' },
  dateOrder: { zh: '不能早于开始日期', en: 'must not be earlier than the start date' },
  rangesOverlap: { zh: '时间段不能重叠', en: 'time ranges must not overlap' },
  entryTimesMin: { zh: '多次入园须至少 2 次', en: 'N entries means at least 2 entries' },
  sessionsRequired: {
    zh: '分时票须有 1-48 个场次',
    en: 'a timed product needs 1-48 sessions',
  },
  sessionsUnique: { zh: '场次开始时间不能重复', en: 'sessions must not share a start time' },
  sessionsTimedOnly: { zh: '只有分时票有场次', en: 'only timed products have sessions' },
  notInArea: { zh: '不存在或不属于本景区', en: 'does not exist in this scenic area' },
  richTextTooLong: { zh: '不能超过 200000 个字符', en: 'must not exceed 200,000 characters' },
  richTextEmpty: {
    zh: '不能为空（清理不安全的标记后没有剩下文字或图片）',
    en: 'is empty (no text or image is left once unsafe markup is removed)',
  },
  richTextMax: {
    zh: '清理后不能超过 100000 个字符',
    en: 'must not exceed 100,000 characters once sanitised',
  },
  // theatres
  seatAreaKeyDuplicate: { zh: '票档编号不能重复', en: 'must not repeat a tier key' },
  seatOutsideMap: { zh: '超出了座位图的行列范围', en: 'is outside the rows and columns of the map' },
  seatDuplicate: { zh: '同一位置不能有两个格子', en: 'must not place two cells on one spot' },
  seatAreaUnknown: { zh: '不是座位图中的票档', en: 'is not a tier of this map' },
  endAfterStart: { zh: '须晚于开始时间', en: 'must be later than the start time' },
  showRangeDays: { zh: '日期范围不能超过 92 天', en: 'must be at most 92 days after the start date' },
  performanceProduct: { zh: '须为演出票产品', en: 'must be a performance product' },
  theatreNoSeats: { zh: '该剧院的座位图中没有座位', en: 'has no seats in its map' },
  theatreDisabled: { zh: '该剧院已停用', en: 'is disabled' },
  seatNotInShow: { zh: '包含该场次没有的座位', en: 'names a seat this show does not have' },
  // orders (issue 6, orders core)
  datePast: { zh: '不能早于今天', en: 'must not be before today' },
  visitorsPerTicket: {
    zh: '实名制产品须为每张票填写一位游客（姓名和身份证号）',
    en: 'a real-name product needs one visitor (name and ID number) per ticket',
  },
  limitPerOrder: { zh: '超过该产品每单限购数量', en: 'exceeds the per-order limit of the product' },
  seatsPerTicket: { zh: '须为每张票选择一个座位', en: 'must name one seat per ticket' },
  showOfProduct: { zh: '不是该产品在该日期的场次', en: 'is not a show of this product on this date' },
  departureLine: {
    zh: '预订团期时不填写（由团期决定）',
    en: 'is left out when booking a departure (the departure decides it)',
  },
  departureAlone: {
    zh: '线路订单只能包含一个团期，不能与门票同单',
    en: 'must hold a single departure line when booking a travel package',
  },
  productOfArea: { zh: '不是本景区的产品', en: 'is not a product of this scenic area' },
  itineraryDays: { zh: '行程天数与每日安排数量不一致', en: 'must have one entry per day of the package' },
  itineraryProducts: { zh: '行程至少包含一个产品', en: 'must include at least one product' },
  dateRangeLength: { zh: '日期范围最多 92 天', en: 'must span at most 92 days' },
  dateInInterval: { zh: '不在产品有效期区间内', en: 'is outside the validity interval of the product' },
  payWayOnline: {
    zh: '微信支付、支付宝由支付渠道的通知确认，请用 /api/open/pay/prepay 发起支付',
    en: 'WeChat Pay and Alipay are confirmed by the provider’s notification: ask for a payment with /api/open/pay/prepay',
  },
  payWayOffline: {
    zh: '下单即付只支持现金、POS 刷卡或挂账',
    en: 'paying with the order accepts only cash, POS or on account',
  },
  idempotencyKey: {
    zh: '须提供 1-128 位的 Idempotency-Key 请求头',
    en: 'an Idempotency-Key header of 1-128 characters is required',
  },
  // scenic area profile (issue 15)
  monthDay: { zh: '须为 MM-DD 格式的日期，如 03-01', en: 'must be a day of the year as MM-DD, e.g. 03-01' },
  seasonOverlap: { zh: '与其他季节的日期重叠', en: 'overlaps the dates of another season' },
  latLngPair: { zh: '经度和纬度须同时填写或同时留空', en: 'give both latitude and longitude, or neither' },
  areaCode: {
    zh: '只能包含字母、数字、下划线和短横线',
    en: 'may contain only letters, digits, underscores and hyphens',
  },
  // coupons (issue 16)
  couponShopScope: { zh: '商城券不能指定门票', en: 'a shop coupon cannot be limited to chosen tickets' },
  couponAmountOff: { zh: '满减券的减免金额须大于 0', en: 'an amount-off coupon takes off more than 0' },
  couponAmountAboveMin: { zh: '减免金额不能超过使用门槛', en: 'must not exceed the minimum spend' },
  couponPercent: {
    zh: '折扣须为 1-99（支付原价的百分比，90 即 9 折）',
    en: 'must be 1-99 (the percent of the price paid; 90 is 10 % off)',
  },
  couponValidDays: { zh: '领取后有效天数须为 1-3650 天', en: 'must be 1-3650 days after receipt' },
  couponIdList: {
    zh: '须为逗号分隔的优惠券 ID（最多 200 个）',
    en: 'must be up to 200 coupon ids separated by commas',
  },
  // price tiers (issue 17)
  retailFloorBelowSettlement: {
    zh: '最低零售价不能低于结算价',
    en: 'must not be below the settlement price',
  },
  tierLineOverlap: {
    zh: '与该产品的另一价格条目日期重叠',
    en: 'overlaps another line of this product in the tier',
  },
  // shop content (issue 18: banners, home modules)
  linkUrl: {
    zh: '须为 http(s) 地址或以 / 开头的小程序页面路径',
    en: 'must be an http(s) address or a mini-program page path starting with /',
  },
  moduleGoodsRequired: { zh: '请至少选择一件商品', en: 'choose at least one goods item' },
  // shop store invoice settings (issue 18)
  creditCode: {
    zh: '须为有效的 18 位统一社会信用代码',
    en: 'must be a valid 18-character unified social credit code',
  },
  taxCode: { zh: '须为 19 位税收分类编码', en: 'must be a 19-digit tax classification code' },
  invoicePhone: {
    zh: '只能包含数字、空格、加号、括号和短横线（5-20 位）',
    en: 'may hold 5-20 digits, spaces, plus signs, brackets and hyphens',
  },
  invoiceKindRequired: {
    zh: '允许买家申请开票时须至少启用一种发票',
    en: 'enable at least one kind of invoice when buyers may request them',
  },
  requiredForSpecialInvoice: {
    zh: '启用电子专用发票时须填写此项',
    en: 'is required when special e-invoices are enabled',
  },
  // payment settings (issue 30)
  pemText: {
    zh: '须为 PEM 文本（-----BEGIN …----- 开头）',
    en: 'must be PEM text (starting with -----BEGIN …-----)',
  },
  httpUrl: { zh: '须为 http(s) 地址', en: 'must be an http(s) address' },
  // subscription messages (issue 31)
  wechatAppId: {
    zh: '须为 wx 开头的 18 位小程序 AppID',
    en: 'must be an 18-character mini-program AppID starting with wx',
  },
  wechatAppSecret: { zh: '须为 32 位 AppSecret', en: 'must be the 32-character AppSecret' },
  wxTemplateId: {
    zh: '须为 20～64 位字母、数字、下划线或短横线',
    en: 'must be 20 to 64 letters, digits, underscores or hyphens',
  },
  subscribeFieldKey: {
    zh: '须为微信模板的字段名，如 thing1、amount3',
    en: 'must be a field name of the WeChat template, e.g. thing1, amount3',
  },
  subscribeVariable: { zh: '不是该用途可用的变量', en: 'is not a variable of this use' },
  miniProgramPage: {
    zh: '须为小程序页面路径，如 pages/order/detail?id=1',
    en: 'must be a mini-program page path, e.g. pages/order/detail?id=1',
  },
  // object storage (issue 31)
  bucketName: {
    zh: '须为 3～63 位小写字母、数字、点或连字符，且以字母或数字开头和结尾',
    en: 'must be 3 to 63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit',
  },
  // e-invoices (issue 33)
  invoiceCode: { zh: '须为 12 位数字发票代码', en: 'must be a 12-digit invoice code' },
  buyerTaxId: {
    zh: '须为 15～20 位数字或大写字母的纳税人识别号',
    en: 'must be a taxpayer id of 15 to 20 digits or capital letters',
  },
  email: { zh: '须为有效的电子邮箱地址', en: 'must be a valid e-mail address' },
  zeroRateMatchesRate: {
    zh: '税率为 0 时须选择零税率标识，税率大于 0 时须为非零税率',
    en: 'a 0 rate needs a zero-rate flag, a positive rate must be "non-zero rate"',
  },
});
export type ValidationMessageKey = keyof typeof ValidationMessage;
