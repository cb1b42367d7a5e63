import { defineMessages } from '../../locales/define.ts';

/** The staff-card screen (/ticket/entryCode). */
export default {
  staffCards: defineMessages({
    zh: {
      allGates: '全部闸机',
      gatesHint: '不选表示可通过本景区的全部闸机',
      readModesHint: '至少选择一种；身份证、IC 卡、人脸需要填写下面对应的信息',
      idNumberHint: '读身份证时必填，18 位居民身份证号码',
      icCardNoHint: '读 IC 卡时必填',
      faceImageHint: '人脸识别时必填',
      notNeeded: '未选择此读卡方式',
      qrTitle: '员工卡二维码',
      qrHint: '在闸机扫描此二维码即可通行；重置后旧二维码立即失效。',
      resetQr: '重置二维码',
      resetQrConfirm: '重置后旧二维码立即失效，已打印或截图的二维码将无法通行。确定重置吗？',
      resetQrDone: '二维码已重置',
    },
    en: {
      allGates: 'All gates',
      gatesHint: 'Leave empty to open every gate of this scenic area',
      readModesHint: 'Choose at least one; ID card, IC card and face need the matching field below',
      idNumberHint: 'Required for reading ID cards: an 18-digit mainland ID number',
      icCardNoHint: 'Required for reading IC cards',
      faceImageHint: 'Required for face recognition',
      notNeeded: 'This read mode is not chosen',
      qrTitle: 'Staff card QR code',
      qrHint:
        'Scanning this code at a gate lets the holder through; resetting it revokes the old code at once.',
      resetQr: 'Reset QR code',
      resetQrConfirm:
        'The old QR code stops working at once: printed copies and screenshots will no longer open gates. Reset it?',
      resetQrDone: 'QR code reset',
    },
  }),
};
