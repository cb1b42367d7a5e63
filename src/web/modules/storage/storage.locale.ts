import { defineMessages } from '../../locales/define.ts';

/** The object storage screen (/sys/os). */
export default {
  storage: defineMessages({
    zh: {
      intro:
        '上传的图片与音频保存在这里。切换存储位置后，已上传的文件仍从原来的位置读取；访问密钥加密保存，页面只显示“已设置 / 未设置”。',
      secretSet: '已设置，留空则保持不变',
      secretNotSet: '未设置',
      endpointHint: '留空则使用 AWS 所在地域的默认地址；本机或内网地址须由运维加入 EGRESS_ALLOW',
      publicHint: '填写后文件由该地址直接提供（CDN 或存储桶的公开域名）；留空则经由本服务器读取',
      save: '保存并启用',
      test: '测试',
      testOk: '测试通过：写入、读取、比对、删除均成功（{{ms}} 毫秒）',
      testFailed: '测试失败：{{step}}',
      stores: '各存储位置中的文件',
      active: '当前启用',
      files: '{{count}} 个文件',
      updatedBy: '最后修改',
    },
    en: {
      intro:
        'Uploaded images and audio are kept here. After a switch, files already uploaded are still read from where they were; the secret key is stored encrypted and shown only as set or not set.',
      secretSet: 'Set: leave empty to keep it',
      secretNotSet: 'Not set',
      endpointHint:
        "Empty: AWS's own address for the region. An address on this machine or the internal network must be added to EGRESS_ALLOW by the operator",
      publicHint:
        'When set, files are served from this address (a CDN or the bucket’s public domain); empty: read through this server',
      save: 'Save and use',
      test: 'Test',
      testOk: 'Test passed: written, read back, compared and deleted ({{ms}} ms)',
      testFailed: 'Test failed: {{step}}',
      stores: 'Files in each store',
      active: 'In use',
      files: '{{count}} files',
      updatedBy: 'Last changed',
    },
  }),
};
