import { defineDict } from './dict.ts';

/** The health codes of HealthCode (src/shared/dict/checkin.ts), for the admitted-codes choice. */
export const HEALTH_CODES = [0, 1, 2, 3, 4, 5] as const;

/** docs/product.md §4 "face direction 0 in, 1 out". */
export const FaceDirection = defineDict({
  0: { zh: '进', en: 'In', color: 'blue' },
  1: { zh: '出', en: 'Out', color: 'purple' },
});

/** Why the server flagged a face observation as an alarm (from the device's settings at upload). */
export const FaceAlarmReason = defineDict({
  fever: { zh: '体温超限', en: 'Fever', color: 'orange' },
  healthCode: { zh: '健康码不允许', en: 'Health code not admitted', color: 'red' },
  liveness: { zh: '活体检测未通过', en: 'Liveness failed', color: 'volcano' },
});
export type FaceAlarmReasonCode = keyof typeof FaceAlarmReason;

/** Defaults of a face device without saved settings. */
export const FACE_DEFAULTS = {
  direction: 0,
  matchThreshold: 80,
  livenessCheck: true,
  temperatureAlarm: true,
  /** °C */
  temperatureThreshold: 37.3,
  admittedHealthCodes: [0] as number[],
};

/** Texts of the face exports (headers, file names), shared by server and console. */
export const FaceText = defineDict({
  devicesFile: { zh: '人脸设备', en: 'Face devices' },
  eventsFile: { zh: '人脸识别记录', en: 'Face events' },
  name: { zh: '名称', en: 'Name' },
  serialNo: { zh: '序列号', en: 'Serial number' },
  online: { zh: '在线状态', en: 'Online' },
  gate: { zh: '闸机通道', en: 'Gate' },
  direction: { zh: '方向', en: 'Direction' },
  matchThreshold: { zh: '比对阈值', en: 'Match threshold' },
  todayPassages: { zh: '今日通行', en: 'Passages today' },
  todayAlarms: { zh: '今日告警', en: 'Alarms today' },
  lastSeen: { zh: '最后心跳', en: 'Last seen' },
  time: { zh: '时间', en: 'Time' },
  matched: { zh: '比对成功', en: 'Matched' },
  score: { zh: '分数', en: 'Score' },
  liveness: { zh: '活体', en: 'Liveness' },
  temperature: { zh: '体温(°C)', en: 'Temperature (°C)' },
  healthCode: { zh: '健康码', en: 'Health code' },
  personRef: { zh: '人员', en: 'Person' },
  alarm: { zh: '告警', en: 'Alarm' },
  reasons: { zh: '告警原因', en: 'Alarm reasons' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
});

/** The event list's alarm filter (sent as a boolean). */
export const FaceAlarmFilter = defineDict({
  1: { zh: '告警', en: 'Alarm', color: 'red' },
  0: { zh: '正常', en: 'Normal', color: 'green' },
});
