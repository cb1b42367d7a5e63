import { defineDict } from '../../../shared/dict/dict.ts';

/** What the storage module says to users, in both languages (collected by src/server/http/messages.ts). */
export const storageMessages = defineDict({
  uploadMalformed: {
    zh: '上传内容不完整或格式有误，请重新上传',
    en: 'The upload is incomplete or malformed, please upload again',
  },
  imageTooLarge: { zh: '图片大小不能超过500K', en: 'The image must be smaller than 500 KB' },
  imageType: {
    zh: '为保证图片正常显示，仅支持jpg、jpeg、png、gif格式的图片上传',
    en: 'To display correctly, only jpg, jpeg, png and gif images can be uploaded',
  },
  fileRequired: { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  storageFailed: {
    zh: '文件存储服务未能完成操作（{code}），请稍后再试或检查对象存储设置',
    en: 'The file store did not complete the operation ({code}): try again later or check the storage settings',
  },
  fileNotFound: { zh: '文件不存在', en: 'File not found' },
});
