import { defineDict } from './dict.ts';

/** Why a login attempt failed, as the login log records it (docs/accounts.md lockout). */
export const LoginFailReason = defineDict({
  unknown_user: { zh: '用户不存在', en: 'Unknown user', color: 'default' },
  bad_password: { zh: '密码错误', en: 'Wrong password', color: 'orange' },
  locked: { zh: '账号已锁定', en: 'Account locked', color: 'red' },
  disabled: { zh: '账号已禁用', en: 'Account disabled', color: 'default' },
});
export type LoginFailReasonCode = keyof typeof LoginFailReason;
