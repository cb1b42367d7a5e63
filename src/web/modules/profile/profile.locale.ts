import { defineMessages } from '../../locales/define.ts';

export default {
  profile: defineMessages({
    zh: {
      changePasswordHint: '修改成功后，其他设备上的登录将全部退出',
      changed: '密码已修改，其他设备上的登录已退出',
    },
    en: {
      changePasswordHint: 'After the change, every other session of this account is signed out',
      changed: 'Password changed; your other sessions have been signed out',
    },
  }),
};
