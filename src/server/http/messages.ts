import { defineDict, type Lang } from '../../shared/dict/dict.ts';

/** Every message the server sends to users, in both languages. `{name}` marks a parameter. */
export const Msg = defineDict({
  ok: { zh: '操作成功', en: 'Success' },
  badRequest: { zh: '请求参数错误', en: 'Bad request' },
  fieldInvalid: { zh: '参数 {field} 有误：{reason}', en: 'Invalid {field}: {reason}' },
  invalidJson: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  unsupportedMediaType: { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  payloadTooLarge: { zh: '请求内容过大', en: 'The request is too large' },
  notFound: { zh: '请求的资源不存在', en: 'Not found' },
  serverError: { zh: '服务器内部错误，请稍后重试', en: 'Internal server error, please try again later' },
  tooManyRequests: {
    zh: '请求过于频繁，请 {seconds} 秒后再试',
    en: 'Too many requests, please retry in {seconds} seconds',
  },
  unauthorized: { zh: '未登录或登录已过期，请重新登录', en: 'Not logged in or the session has expired' },
  tokenExpired: { zh: '登录已过期，请重新登录', en: 'Your session has expired, please log in again' },
  accountDisabled: {
    zh: '账号已被禁用，请联系管理员',
    en: 'This account is disabled, contact your administrator',
  },
  forbidden: { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  uploadMalformed: {
    zh: '上传内容不完整或格式有误，请重新上传',
    en: 'The upload is incomplete or malformed, please upload again',
  },
  routeUndeclared: { zh: '该接口未声明访问权限', en: 'This endpoint declares no access rule' },
  distributorRefused: {
    zh: '分销商账号不能使用此功能',
    en: 'Distributor accounts cannot use this function',
  },
  otherScenic: {
    zh: '不能操作其他景区的数据',
    en: 'You cannot act on another scenic area',
  },
  scenicNotFound: { zh: '景区不存在', en: 'Scenic area not found' },
  scenicRequired: { zh: '景区id不能为空', en: 'The scenic area id cannot be empty' },
  invalidClient: { zh: '客户端认证失败', en: 'Client authentication failed' },
  clientNotFound: { zh: '客户端不存在', en: 'Client not found' },
  unsupportedGrant: { zh: '该客户端不支持此授权方式', en: 'This client does not support this grant type' },
  invalidGrant: { zh: '用户名或密码错误', en: 'Incorrect username or password' },
  accountLocked: {
    zh: '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed logins, please try again in {minutes} minutes',
  },
  refreshInvalid: {
    zh: '刷新令牌无效或已过期，请重新登录',
    en: 'The refresh token is invalid or has expired, please log in again',
  },
  passwordChangeRequired: {
    zh: '首次登录请先修改初始密码',
    en: 'Please change your initial password before logging in',
  },
  passwordChangeNotRequired: {
    zh: '该账号无需修改初始密码',
    en: 'This account has no initial password to change',
  },
  decryptFailed: {
    zh: '无法解密，请刷新页面后重试',
    en: 'Could not decrypt the value, reload the page and try again',
  },
  oldPasswordWrong: { zh: '原密码错误', en: 'The current password is incorrect' },
  passwordUnchanged: {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the current one',
  },
  passwordChanged: {
    zh: '密码已修改，其他设备上的登录已失效',
    en: 'Password changed; sessions on other devices were signed out',
  },
  logoutOk: { zh: '已退出登录', en: 'Logged out' },
  copyrightLoginRequired: {
    zh: '请先登录版权管理',
    en: 'Please log in to copyright management first',
  },
  copyrightNotFound: { zh: '版权信息不存在', en: 'Copyright record not found' },
  imageTooLarge: { zh: '图片大小不能超过500K', en: 'The image must be smaller than 500 KB' },
  imageType: {
    zh: '为保证图片正常显示，仅支持jpg、jpeg、png、gif格式的图片上传',
    en: 'To display correctly, only jpg, jpeg, png and gif images can be uploaded',
  },
  fileRequired: { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  fieldTaken: { zh: '{field} 已存在，请换一个', en: '{field} is already taken' },
  transitionNotAllowed: {
    zh: '门票当前状态不允许此操作',
    en: 'The ticket’s current status does not allow this',
  },
  // refunds (domain.md T15-T22)
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
  gateNonceTaken: {
    zh: '该设备的刷票流水号已被其他景区使用',
    en: 'This device scan nonce was already used in another scenic area',
  },
  inUse: {
    zh: '该记录正在被使用，不能删除或修改',
    en: 'This record is in use and cannot be removed or changed',
  },
  referenceMissing: { zh: '{field} 引用的记录不存在', en: 'The record {field} refers to does not exist' },
  recordNotFound: { zh: '记录不存在或已被删除', en: 'The record does not exist or was deleted' },
  platformOnly: {
    zh: '仅平台管理员可以管理 OAuth 客户端',
    en: 'Only platform administrators can manage OAuth clients',
  },
  publicClientExists: {
    zh: '已有公共客户端 {clientId}，最多只能有一个公共客户端',
    en: '{clientId} is already the public client; there can be only one',
  },
  publicClientLocked: {
    zh: '公共控制台客户端不能删除、禁用或改为非公共，否则任何人都无法登录后台',
    en: 'The public console client cannot be deleted, disabled or made confidential: nobody could log in to the console',
  },
  clientHasTokens: {
    zh: '该客户端还有 {count} 个有效的登录令牌，请先禁用客户端或重置密钥使其失效',
    en: 'This client still has {count} live tokens; disable it or reset its secret first',
  },
  clientHasBranding: {
    zh: '该客户端还有版权信息记录，请先处理',
    en: 'This client still has copyright/branding records',
  },
  platformAdmTypeOnly: {
    zh: '仅平台管理员可以创建或设置平台管理员账号',
    en: 'only platform administrators can create or assign platform administrator accounts',
  },
  payTypeDistributorOnly: {
    zh: '仅分销商账号可以设置支付方式，其他账号须为“不适用”',
    en: 'only distributor accounts have a pay type; other accounts must use "not applicable"',
  },
  roleNotAssignable: {
    zh: '包含不存在或不能在本景区分配的角色',
    en: 'contains a role that does not exist or cannot be assigned in this scenic area',
  },
  wildcardPlatformOnly: {
    zh: '仅平台管理员可以授予全部权限（*）',
    en: 'only platform administrators can grant the wildcard permission (*)',
  },
  permissionNotHeld: {
    zh: '只能授予自己拥有的权限：{perms}',
    en: 'you can only grant permissions you hold yourself: {perms}',
  },
  platformPermissionOnly: {
    zh: '仅平台管理员可以授予平台权限：{perms}',
    en: 'only platform administrators can grant platform permissions: {perms}',
  },
  roleAboveCaller: {
    zh: '该角色拥有您没有的权限，不能修改或删除',
    en: 'This role holds permissions you do not have, so you cannot change or delete it',
  },
  accountAboveCaller: {
    zh: '该账号拥有您没有的权限，不能修改、重置密码或删除',
    en: 'This account holds permissions you do not have, so you cannot change, reset or delete it',
  },
  roleAboveCallerAssign: {
    zh: '只能分配权限都在自己权限范围内的角色',
    en: 'you can only assign roles whose permissions you hold yourself',
  },
  platformRoleOnly: {
    zh: '仅平台管理员可以创建平台角色',
    en: 'only platform administrators can create platform roles',
  },
  cannotDeleteSelf: {
    zh: '不能删除当前登录的账号',
    en: 'You cannot delete the account you are logged in with',
  },
  cannotDisableSelf: {
    zh: '不能禁用当前登录的账号',
    en: 'You cannot disable the account you are logged in with',
  },
  lastWildcard: {
    zh: '必须至少保留一个启用的、拥有全部权限（*）的账号，否则将无人能管理系统',
    en: 'At least one enabled account must keep the wildcard permission (*), or nobody could administer the system',
  },
  printTemplateInUse: {
    zh: '该打印模板正被 {count} 个票务产品使用，请先为这些产品更换模板',
    en: 'This print template is used by {count} ticket product(s); give them another template first',
  },
  printTemplateDefaultEnabled: {
    zh: '默认打印模板须为启用状态',
    en: 'The default print template must be enabled',
  },
  roleInUse: {
    zh: '该角色已分配给 {count} 个账号，请先取消分配后再删除',
    en: 'This role is assigned to {count} account(s); unassign it before deleting it',
  },
  passwordReset: {
    zh: '密码已重置，该账号的登录已失效，下次登录时须修改密码',
    en: 'Password reset; the account was signed out and must change the password at the next login',
  },
  // inventory: price calendar and public stock
  calendarProductNotFound: {
    zh: '商品不存在或不属于当前景区',
    en: 'The product does not exist in this scenic area',
  },
  calendarNotOnSale: {
    zh: '{product} {date}{session} 未设置价格日历，不可售',
    en: '{product} is not on sale on {date}{session}: it has no price calendar entry',
  },
  calendarClosed: {
    zh: '{product} {date}{session} 已停售',
    en: '{product} is closed on {date}{session}',
  },
  calendarSoldOut: {
    zh: '{product} {date}{session} 库存不足，仅剩 {left} 张',
    en: '{product} is sold out on {date}{session}: {left} left',
  },
  publicStockFull: {
    zh: '{date} {period} 时段的公共库存已满，仅剩 {left} 个名额',
    en: 'The public stock of {period} on {date} is full: {left} left',
  },
  publicStockClosed: {
    zh: '{date} {period} 时段已停售',
    en: 'The time slot {period} is closed on {date}',
  },
  stockReleaseExceeds: {
    zh: '{date} 要释放的库存多于已售数量，请核对订单',
    en: 'More stock would be released on {date} than was sold; check the order',
  },
  stockBelowSold: {
    zh: '库存不能少于已售数量，以下日期已售出更多：{dates}',
    en: 'Stock cannot go below what is already sold; more is sold on: {dates}',
  },
  capacityBelowSold: {
    zh: '容量不能少于已售数量，以下日期已售出更多：{dates}',
    en: 'Capacity cannot go below what is already sold; more is sold on: {dates}',
  },
  periodNotFound: {
    zh: '时段不存在或不属于当前景区',
    en: 'The time slot does not exist in this scenic area',
  },
  periodHasSales: {
    zh: '该时段已有 {count} 天售出门票（如 {dates}），不能删除，可以将其禁用',
    en: 'Tickets are already sold in this time slot on {count} day(s) (e.g. {dates}); disable it instead of deleting it',
  },
  // ticket categories and products (issue 5)
  ticTypeInUse: {
    zh: '该票种分类下还有 {count} 个门票产品，请先删除或改到其他分类',
    en: '{count} ticket product(s) use this category; delete them or move them to another category first',
  },
  sessionSold: {
    zh: '场次 {name} 已有售出的门票，不能删除',
    en: 'Session {name} has sold tickets and cannot be removed',
  },
  productHasSales: {
    zh: '门票产品 {name} 的价格日历中已有售出的门票，不能删除，可以下架',
    en: 'Product {name} has sold tickets in its price calendar and cannot be deleted; take it off the shelf instead',
  },
  productHasShows: {
    zh: '门票产品 {name} 还有 {count} 个演出场次，请先在剧场管理中删除场次',
    en: 'Product {name} still has {count} show(s); delete them in theatre management first',
  },
  productTypeLocked: {
    zh: '门票产品已有价格日历或演出场次，不能修改产品类型',
    en: 'The product already has a price calendar or shows; its product type cannot change',
  },
  shelfCategoryDisabled: {
    zh: '门票产品 {name} 的票种分类已禁用，不能上架',
    en: 'The category of product {name} is disabled; it cannot go on shelf',
  },
  shelfNoSession: {
    zh: '分时票 {name} 没有场次，不能上架',
    en: 'Timed product {name} has no sessions; it cannot go on shelf',
  },
  shelfNoChannel: {
    zh: '门票产品 {name} 没有销售渠道，不能上架',
    en: 'Product {name} has no sales channel; it cannot go on shelf',
  },
  agreementInUse: {
    zh: '该协议正被 {count} 个门票产品使用，请先在产品中更换协议后再删除',
    en: 'This agreement is used by {count} ticket product(s); choose another agreement on them before deleting it',
  },
  noticeInUse: {
    zh: '该须知模板正被 {count} 个门票产品使用，请先在产品中更换须知后再删除',
    en: 'This notice template is used by {count} ticket product(s); choose another notice on them before deleting it',
  },
  // theatres, shows and seats (issue 5)
  theatreNotFound: { zh: '剧院不存在', en: 'Theatre not found' },
  showNotFound: { zh: '演出场次不存在', en: 'Show not found' },
  theatreHasShows: {
    zh: '剧院 {name} 还有 {count} 个演出场次，请先删除这些场次',
    en: 'Theatre {name} still has {count} show(s); delete them first',
  },
  showHasSales: {
    zh: '该场次已有 {count} 个已售或锁定中的座位，不能删除，可以停售',
    en: 'This show has {count} sold or held seat(s) and cannot be deleted; close it instead',
  },
  seatsTaken: {
    zh: '座位已被占用或不可售：{seats}',
    en: 'These seats are taken or not for sale: {seats}',
  },
  seatsNotBlockable: {
    zh: '已售或锁定中的座位不能修改：{seats}',
    en: 'Sold or held seats cannot be changed: {seats}',
  },
  showClosed: { zh: '该场次已停售', en: 'This show is closed' },
  showPast: { zh: '该场次已开始或已结束', en: 'This show has already started' },
  showOverlap: {
    zh: '与同一剧院 {date} 的场次 {time} 时间重叠',
    en: 'Overlaps the show at {time} on {date} in the same theatre',
  },
  // orders (issue 6, orders core)
  orderNotFound: { zh: '订单不存在', en: 'Order not found' },
  orderProductNotFound: { zh: '产品 {id} 不存在', en: 'Product {id} not found' },
  orderProductOffShelf: { zh: '产品“{name}”已下架', en: 'Product "{name}" is off shelf' },
  orderChannelNotAllowed: {
    zh: '当前渠道不能售卖产品“{name}”',
    en: 'This channel may not sell product "{name}"',
  },
  clientNotSelling: { zh: '该客户端不是售票渠道', en: 'This client is not a sales channel' },
  orderLimitPerIdNumber: {
    zh: '证件 {idNumber} 在 {date} 最多可购买“{name}” {limit} 张',
    en: 'ID {idNumber} may buy at most {limit} of "{name}" for {date}',
  },
  paymentAmountMismatch: {
    zh: '支付金额 {amount} 与应付金额 {due} 不一致（单位：分）',
    en: 'The payment amount {amount} does not equal the amount due {due} (cents)',
  },
  paymentProviderUnknown: { zh: '未知的支付渠道 {provider}', en: 'Unknown payment provider {provider}' },
  paymentTxnOtherOrder: {
    zh: '该支付流水号已用于其他订单',
    en: 'This payment transaction belongs to another order',
  },
  orderNotPending: { zh: '订单不是待支付状态', en: 'The order is not pending payment' },
  idempotencyKeyReused: {
    zh: '该幂等键已用于另一个请求',
    en: 'This Idempotency-Key was used for a different request',
  },
  idempotencyInProgress: {
    zh: '相同幂等键的请求正在处理，请稍后重试',
    en: 'A request with this Idempotency-Key is in progress, retry later',
  },
});
export type MsgKey = keyof typeof Msg;

export function translate(key: MsgKey, lang: Lang, params?: Record<string, string | number>): string {
  let text: string = Msg[key][lang];
  if (params) {
    for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, String(value));
  }
  return text;
}

/** Chinese unless the request's Accept-Language prefers English (spec: zh default). */
export function pickLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag.startsWith('zh') || entry.tag.startsWith('en'))
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.tag.startsWith('en') ? 'en' : 'zh';
}
