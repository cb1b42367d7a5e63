import { defineDict } from './dict.ts';

/** Column labels of the audit log: the console's table and the Excel export both read them. */
export const AuditField = defineDict({
  createTime: { zh: '时间', en: 'Time' },
  username: { zh: '操作账号', en: 'Account' },
  module: { zh: '模块', en: 'Module' },
  action: { zh: '操作', en: 'Action' },
  targetType: { zh: '对象类型', en: 'Target type' },
  targetId: { zh: '对象编号', en: 'Target id' },
  ip: { zh: '地址', en: 'Address' },
  before: { zh: '修改前', en: 'Before' },
  after: { zh: '修改后', en: 'After' },
  requestId: { zh: '请求编号', en: 'Request id' },
});

/** Column labels of the login log. */
export const LoginLogField = defineDict({
  createTime: { zh: '时间', en: 'Time' },
  username: { zh: '账号', en: 'Account' },
  kind: { zh: '登录类型', en: 'Login type' },
  ip: { zh: '地址', en: 'Address' },
  userAgent: { zh: '浏览器', en: 'Browser' },
  result: { zh: '结果', en: 'Result' },
  reason: { zh: '失败原因', en: 'Reason' },
});

/** The two kinds of login the log records. */
export const LoginKind = defineDict({
  admin: { zh: '后台登录', en: 'Console' },
  copyright: { zh: '版权管理登录', en: 'Copyright management' },
});

export const LoginResult = defineDict({
  success: { zh: '成功', en: 'Succeeded', color: 'success' },
  failure: { zh: '失败', en: 'Failed', color: 'error' },
});

/** Names of exported files and the note when an export hits its row limit. */
export const ExportText = defineDict({
  auditLog: { zh: '操作日志', en: 'Audit log' },
  loginLog: { zh: '登录日志', en: 'Login log' },
  limitNote: {
    zh: '只导出了前 {limit} 条，请缩小筛选范围',
    en: 'Only the first {limit} rows were exported; narrow the filter',
  },
});
