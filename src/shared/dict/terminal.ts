import { defineDict } from './dict.ts';
import { TerminalClient } from './terminal-client.ts';

/**
 * Kinds of terminal (docs/decisions.md "Terminals"): the device-side terminal client ids of
 * docs/product.md §9 (winManagement ticket window, selfManagement self-service machine,
 * handManagement handheld) plus the hardware of /terminal that has no client id there: gate,
 * face device and people-counting camera. Gates, windows and machines of later slices refer to a
 * terminal of their kind.
 */
export const TerminalKind = defineDict({
  winManagement: { ...TerminalClient.winManagement, color: 'blue' },
  selfManagement: { ...TerminalClient.selfManagement, color: 'cyan' },
  handManagement: { ...TerminalClient.handManagement, color: 'geekblue' },
  gateDevice: { zh: '闸机设备', en: 'Gate device', color: 'purple' },
  faceDevice: { zh: '人脸设备', en: 'Face device', color: 'magenta' },
  camera: { zh: '客流摄像头', en: 'People-counting camera', color: 'orange' },
});
export type TerminalKindCode = keyof typeof TerminalKind;
export const TERMINAL_KINDS = Object.keys(TerminalKind) as [TerminalKindCode, ...TerminalKindCode[]];

/** docs/product.md §4 "device online 0 offline, 2 online". */
export const TerminalOnline = defineDict({
  0: { zh: '离线', en: 'Offline', color: 'default' },
  2: { zh: '在线', en: 'Online', color: 'green' },
});
export const TERMINAL_ONLINE = { offline: 0, online: 2 } as const;

/** What the terminal event log records. */
export const TerminalEvent = defineDict({
  activated: { zh: '已激活', en: 'Activated', color: 'blue' },
  online: { zh: '上线', en: 'Online', color: 'green' },
  offline: { zh: '离线', en: 'Offline', color: 'default' },
  disabled: { zh: '已停用', en: 'Disabled', color: 'red' },
  enabled: { zh: '已启用', en: 'Enabled', color: 'green' },
  rotated: { zh: '密钥已重置', en: 'Secret rotated', color: 'gold' },
  refused: { zh: '拒绝访问', en: 'Refused', color: 'volcano' },
});
export type TerminalEventCode = keyof typeof TerminalEvent;

/** The printer of a window, machine or handheld, as the device reports it with its heartbeat. */
export const TerminalPrinterState = defineDict({
  ok: { zh: '正常', en: 'OK', color: 'green' },
  paperLow: { zh: '纸张不足', en: 'Paper low', color: 'gold' },
  paperOut: { zh: '缺纸', en: 'Out of paper', color: 'red' },
  error: { zh: '故障', en: 'Fault', color: 'red' },
});
export type TerminalPrinterStateCode = keyof typeof TerminalPrinterState;
export const TERMINAL_PRINTER_STATES = Object.keys(TerminalPrinterState) as [
  TerminalPrinterStateCode,
  ...TerminalPrinterStateCode[],
];

/** Seconds between a device's heartbeats, and after how long without one it counts offline. */
export const TERMINAL_HEARTBEAT_SECONDS = 30;
export const TERMINAL_OFFLINE_AFTER_SECONDS = 90;

/** Texts of the terminal export (headers, file name), shared by server and console. */
export const TerminalText = defineDict({
  fileName: { zh: '终端列表', en: 'Terminals' },
  kind: { zh: '类型', en: 'Kind' },
  name: { zh: '名称', en: 'Name' },
  serialNo: { zh: '序列号', en: 'Serial number' },
  location: { zh: '位置', en: 'Location' },
  appVersion: { zh: '版本', en: 'App version' },
  status: { zh: '状态', en: 'Status' },
  online: { zh: '在线状态', en: 'Online' },
  lastSeen: { zh: '最后心跳', en: 'Last seen' },
  lastIp: { zh: '最后IP', en: 'Last IP' },
});
