import { defineMessages } from '../../locales/define.ts';

/** The gate screen (/terminal/gateManage); column labels are in src/shared/dict/gates.ts. */
export default {
  gates: defineMessages({
    zh: {
      online: '在线状态',
      openFrom: '开放开始',
      openTo: '开放结束',
      hoursHint: 'HH:mm；两项都留空则按景区开放时间；只限制入园',
      products: '准入门票产品',
      cards: '准入员工卡',
      bookingSites: '准入预约场地',
      admitsAllHint: '不选则全部准入',
      devices: '闸机设备',
      devicesHint: '本景区的闸机终端；选中的安装到本闸机',
      passOn: '开启通行',
      passOff: '关闭通行',
      passOnConfirm: '开启后该闸机恢复放行。确定开启吗？',
      passOffConfirm: '关闭后该闸机拒绝所有刷票（离线补传除外）。确定关闭吗？',
      deleteConfirm: '只能删除没有刷票记录、且未被员工卡引用的闸机。确定删除吗？',
      liveHint: '最近刷票与在线状态每 15 秒刷新',
    },
    en: {
      online: 'Online',
      openFrom: 'Opens',
      openTo: 'Closes',
      hoursHint: 'HH:mm; leave both empty for the area’s hours; limits entries only',
      products: 'Admitted products',
      cards: 'Admitted staff cards',
      bookingSites: 'Admitted booking sites',
      admitsAllHint: 'None chosen: all are admitted',
      devices: 'Gate devices',
      devicesHint: 'Gate terminals of the area; the chosen ones are mounted on this gate',
      passOn: 'Pass on',
      passOff: 'Pass off',
      passOnConfirm: 'The gate lets people through again. Turn the pass on?',
      passOffConfirm: 'The gate refuses every scan (offline uploads excepted). Turn the pass off?',
      deleteConfirm: 'Only a gate without scans that no staff card names can be deleted. Delete it?',
      liveHint: 'Last scan and online state refresh every 15 s',
    },
  }),
};
