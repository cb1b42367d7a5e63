import { defineDict } from '../../../shared/dict/dict.ts';

/** What the map guide says to users, in both languages (collected by src/server/messages.ts). */
export const mapGuideMessages = defineDict({
  voiceFileType: {
    zh: '仅支持 mp3、m4a、wav 格式的音频文件（按文件内容判断）',
    en: 'Only mp3, m4a and wav audio can be uploaded (judged by the content)',
  },
  voiceTooLarge: { zh: '音频文件不能超过5M', en: 'The audio file must be smaller than 5 MB' },
  voiceUnreadable: {
    zh: '无法读取音频时长，文件可能已损坏',
    en: 'The audio length cannot be read: the file may be damaged',
  },
  guideSpotNotFound: { zh: '景点不存在', en: 'No such spot' },
  voiceTypeNotFound: { zh: '语音类型不存在', en: 'No such voice kind' },
});
