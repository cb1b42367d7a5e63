import { defineDict } from './dict.ts';

/**
 * A crowd warning's state: `queued` when SMS template 10 was queued for its recipients in the
 * reading's transaction (the send log says how each went), `recorded` when none could be (no
 * recipient, or the area has the template off). docs/messaging.md.
 */
export const CrowdWarningStatus = defineDict({
  recorded: { zh: '已记录（未发短信）', en: 'Recorded (no SMS)', color: 'gold' },
  queued: { zh: '已发短信', en: 'SMS queued', color: 'green' },
});
export type CrowdWarningStatusCode = keyof typeof CrowdWarningStatus;

/** docs/product.md §5 SMS template 10 "crowd warning". */
export const CROWD_WARNING_SMS_TEMPLATE = 10;
/** A warned camera is re-armed when its live count falls below this share of its threshold. */
export const CROWD_REARM_RATIO = 0.9;
/** Seconds of one counting interval unless the camera's settings say otherwise. */
export const CAMERA_DEFAULT_INTERVAL_SECONDS = 300;

/** Texts of the camera exports (headers, file names), shared by server and console. */
export const CameraText = defineDict({
  camerasFile: { zh: '客流摄像头', en: 'People-counting cameras' },
  warningsFile: { zh: '客流预警', en: 'Crowd warnings' },
  name: { zh: '名称', en: 'Name' },
  zone: { zh: '区域', en: 'Zone' },
  liveCount: { zh: '实时人数', en: 'Live count' },
  capacity: { zh: '容量', en: 'Capacity' },
  threshold: { zh: '预警人数', en: 'Warning threshold' },
  online: { zh: '在线状态', en: 'Online' },
  lastReading: { zh: '最后上报', en: 'Last reading' },
  warnings: { zh: '预警次数', en: 'Warnings' },
  time: { zh: '时间', en: 'Time' },
  count: { zh: '人数', en: 'Count' },
  recipients: { zh: '接收人', en: 'Recipients' },
  template: { zh: '短信模板', en: 'SMS template' },
  status: { zh: '状态', en: 'Status' },
});
