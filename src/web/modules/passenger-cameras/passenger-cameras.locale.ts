import { defineMessages } from '../../locales/define.ts';

/** /terminal/passengerCamera; column labels are in src/shared/dict/passenger-cameras.ts. */
export default {
  passengerCameras: defineMessages({
    zh: {
      keyword: '名称/序列号/区域',
      cameras: '摄像头',
      recipientsHint: '手机号，最多10个；人数达到预警值时按短信模板10“客流预警”发送短信（见短信发送记录）',
      thresholdHint: '达到该人数时预警一次；人数回落到预警值的90%以下后重新布防',
      interval: '统计间隔(秒)',
      notSetUp: '未设置',
      warned: '已预警',
      history: '客流趋势',
      historyCamera: '摄像头',
      range: '时间范围',
      chartIn: '进入',
      chartOut: '离开',
      chartCount: '在场人数',
      chartSummary: '{{name}} {{from}} 至 {{to}} 每小时客流：最高在场 {{max}} 人',
      noHistory: '该时间段没有客流数据',
      warningList: '预警记录',
      editSettings: '设置',
    },
    en: {
      keyword: 'Name, serial or zone',
      cameras: 'Cameras',
      recipientsHint:
        'Mobile numbers, at most 10, sent SMS template 10 "crowd warning" when the count reaches the threshold (see the SMS send log)',
      thresholdHint: 'Warns once when reached; re-armed when the count falls below 90% of it',
      interval: 'Interval (seconds)',
      notSetUp: 'Not set',
      warned: 'Warned',
      history: 'Hourly counts',
      historyCamera: 'Camera',
      range: 'Range',
      chartIn: 'In',
      chartOut: 'Out',
      chartCount: 'In the zone',
      chartSummary: 'Hourly counts of {{name}} from {{from}} to {{to}}: at most {{max}} people in the zone',
      noHistory: 'No counts in this range',
      warningList: 'Crowd warnings',
      editSettings: 'Settings',
    },
  }),
};
