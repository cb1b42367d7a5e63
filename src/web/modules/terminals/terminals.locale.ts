import { defineMessages } from '../../locales/define.ts';

/** The terminal screen (/terminal/terminal); column labels are in src/shared/dict/terminal.ts. */
export default {
  terminals: defineMessages({
    zh: {
      kind: '类型',
      name: '名称',
      serialNo: '序列号',
      serialNoHint: '字母、数字、点、冒号、横线或下划线；同一景区内唯一',
      location: '位置',
      keyword: '名称/序列号',
      online: '在线状态',
      status: '状态',
      activated: '已激活',
      lastSeen: '最后心跳',
      appVersion: '版本',
      lastIp: '最后IP',
      clientId: '客户端编号',
      createTime: '登记时间',
      codeTitle: '终端激活码',
      codeWarning:
        '激活码只显示这一次，{{time}} 前有效且只能使用一次：请在设备上输入，设备将获得自己的客户端密钥。',
      secretTitle: '终端密钥',
      secretWarning: '密钥只显示这一次，关闭后无法再次查看，请立即复制并在设备上配置。',
      disable: '停用',
      disableConfirm:
        '停用后该终端的令牌和密钥立即作废，设备的请求将被拒绝并记录；重新启用时须用新的激活码重新激活。确定停用吗？',
      enable: '启用',
      enableConfirm: '启用后会生成新的一次性激活码，设备须用它重新激活（停用前的密钥不再有效）。确定启用吗？',
      reactivateWarning:
        '终端已启用。激活码只显示这一次，{{time}} 前有效且只能使用一次：请在设备上输入以重新激活，停用前的密钥已作废。',
      rotateSecret: '重置密钥',
      rotateSecretConfirm: '重置后旧密钥和令牌立即失效，需要在设备上配置新密钥。确定重置吗？',
      deleteConfirm: '只能删除从未激活的终端。确定删除吗？',
      events: '事件记录',
      eventTime: '时间',
      event: '事件',
      detail: '说明',
      noEvents: '暂无事件',
    },
    en: {
      kind: 'Kind',
      name: 'Name',
      serialNo: 'Serial number',
      serialNoHint: 'Letters, digits, dots, colons, dashes or underscores; unique in the area',
      location: 'Location',
      keyword: 'Name or serial',
      online: 'Online',
      status: 'Status',
      activated: 'Activated',
      lastSeen: 'Last seen',
      appVersion: 'App version',
      lastIp: 'Last IP',
      clientId: 'Client id',
      createTime: 'Registered',
      codeTitle: 'Activation code',
      codeWarning:
        'The code is shown only this once and works once, until {{time}}: enter it on the device, which then receives its own client secret.',
      secretTitle: 'Terminal secret',
      secretWarning: 'The secret is shown only this once: copy it now and configure it on the device.',
      disable: 'Disable',
      disableConfirm:
        'The terminal’s tokens and secret stop working at once; its calls are refused and logged. Enabling it later needs a new activation on the device. Disable it?',
      enable: 'Enable',
      enableConfirm:
        'You get a new one-time activation code; the device must activate again with it (its old secret no longer works). Enable it?',
      reactivateWarning:
        'The terminal is enabled. The code is shown only this once and works once, until {{time}}: enter it on the device to activate it again; the secret it had before is void.',
      rotateSecret: 'Rotate secret',
      rotateSecretConfirm:
        'The old secret and its tokens stop working at once; the device needs the new secret. Rotate it?',
      deleteConfirm: 'Only a terminal that was never activated can be deleted. Delete it?',
      events: 'Event log',
      eventTime: 'Time',
      event: 'Event',
      detail: 'Detail',
      noEvents: 'No events yet',
    },
  }),
};
