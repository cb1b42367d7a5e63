import { defineDict } from './dict.ts';

/** The fields of the object storage settings (/sys/os): the form's labels. */
export const StorageField = defineDict({
  kind: { zh: '存储位置', en: 'Store' },
  endpoint: { zh: '服务地址（Endpoint）', en: 'Endpoint' },
  bucket: { zh: '存储桶（Bucket）', en: 'Bucket' },
  region: { zh: '地域（Region）', en: 'Region' },
  accessKeyId: { zh: '访问密钥 ID', en: 'Access key ID' },
  secretKey: { zh: '访问密钥 Secret', en: 'Secret access key' },
  publicBaseUrl: { zh: '公开访问地址', en: 'Public base URL' },
  pathStyle: { zh: '路径风格访问（Path style）', en: 'Path-style addressing' },
});

/** Where files are kept: the server's disk, or an S3-compatible service. */
export const StoreKind = defineDict({
  local: { zh: '本地磁盘', en: 'Local disk' },
  s3: { zh: 'S3 兼容对象存储', en: 'S3-compatible storage' },
});

/** The step of a store test that failed. */
export const StoreTestStep = defineDict({
  put: { zh: '写入测试文件', en: 'writing the probe' },
  get: { zh: '读取测试文件', en: 'reading it back' },
  compare: { zh: '比对内容', en: 'comparing the bytes' },
  delete: { zh: '删除测试文件', en: 'deleting the probe' },
});
