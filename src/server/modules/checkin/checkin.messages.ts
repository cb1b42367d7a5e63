import { defineDict } from '../../../shared/dict/dict.ts';

/** What the checkin module says to users, in both languages (collected by src/server/http/messages.ts). */
export const checkinMessages = defineDict({
  gateNonceTaken: {
    zh: '该设备的刷票流水号已被其他景区使用',
    en: 'This device scan nonce was already used in another scenic area',
  },
  terminalOtherGate: {
    zh: '闸机设备只能在其所安装的闸机上刷票',
    en: 'A gate device scans only at the gate it is mounted on',
  },
  terminalNoGate: {
    zh: '该设备尚未安装到闸机',
    en: 'This device is not mounted on a gate',
  },
});
