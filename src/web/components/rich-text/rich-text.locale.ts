import { defineMessages } from '../../locales/define.ts';

/** The rich-text editor's texts, loaded with the editor's chunk (lazy-rich-text-editor.tsx) on any screen. */
const texts = {
  richText: defineMessages({
    zh: {
      placeholder: '请输入内容',
      undo: '撤销',
      redo: '重做',
      blockType: '段落格式',
      paragraph: '正文',
      heading1: '标题 1',
      heading2: '标题 2',
      heading3: '标题 3',
      bold: '加粗',
      italic: '斜体',
      underline: '下划线',
      strike: '删除线',
      bulletList: '无序列表',
      orderedList: '有序列表',
      blockquote: '引用',
      alignLeft: '左对齐',
      alignCenter: '居中',
      alignRight: '右对齐',
      link: '插入链接',
      unlink: '移除链接',
      image: '插入图片',
      horizontalRule: '分割线',
      clearFormat: '清除格式',
      linkUrl: '链接地址',
      linkUrlHint: '以 http://、https://、mailto: 或 tel: 开头',
      linkUrlInvalid: '请输入以 http://、https://、mailto: 或 tel: 开头的地址',
      imageUpload: '上传图片',
      imageByUrl: '图片地址',
      imageUrlInvalid: '请输入以 http:// 或 https:// 开头的图片地址',
      imageAlt: '图片说明',
      imageUploadHint: '支持 jpg、jpeg、png、gif，大小不超过 500K',
      imageChoose: '选择图片',
      imageRequired: '请先上传图片或填写图片地址',
    },
    en: {
      placeholder: 'Type the content',
      undo: 'Undo',
      redo: 'Redo',
      blockType: 'Paragraph style',
      paragraph: 'Paragraph',
      heading1: 'Heading 1',
      heading2: 'Heading 2',
      heading3: 'Heading 3',
      bold: 'Bold',
      italic: 'Italic',
      underline: 'Underline',
      strike: 'Strikethrough',
      bulletList: 'Bulleted list',
      orderedList: 'Numbered list',
      blockquote: 'Quote',
      alignLeft: 'Align left',
      alignCenter: 'Center',
      alignRight: 'Align right',
      link: 'Insert link',
      unlink: 'Remove link',
      image: 'Insert image',
      horizontalRule: 'Horizontal rule',
      clearFormat: 'Clear formatting',
      linkUrl: 'Link address',
      linkUrlHint: 'Starting with http://, https://, mailto: or tel:',
      linkUrlInvalid: 'Enter an address starting with http://, https://, mailto: or tel:',
      imageUpload: 'Upload an image',
      imageByUrl: 'Image address',
      imageUrlInvalid: 'Enter an image address starting with http:// or https://',
      imageAlt: 'Image description',
      imageUploadHint: 'jpg, jpeg, png or gif, smaller than 500 KB',
      imageChoose: 'Choose an image',
      imageRequired: 'Upload an image or enter its address first',
    },
  }),
};

export default texts;

// its namespace joins the console's texts as a type (src/web/locales/index.ts)
declare module '../../locales/index.ts' {
  interface LoadedNamespaces {
    richText: typeof texts.richText;
  }
}
