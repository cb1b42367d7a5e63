import { defineDict } from '../../../shared/dict/dict.ts';

/** What the ota module says to users and platforms, in both languages (collected by src/server/messages.ts). */
export const otaMessages = defineDict({
  otaSignatureInvalid: {
    zh: '签名无效或时间戳超出 5 分钟',
    en: 'Invalid signature, or the timestamp is more than 5 minutes off',
  },
  otaChannelUnknown: { zh: '未知或已停用的 OTA 渠道', en: 'Unknown or disabled OTA channel' },
  otaUnmappedProduct: {
    zh: '产品编码 {code} 未映射到本景区的产品',
    en: 'Product code {code} is not mapped to a product of this area',
  },
  otaPriceMismatch: {
    zh: '单价 {price} 分与约定结算价 {agreed} 分不一致',
    en: 'Unit price {price} cents differs from the agreed price {agreed} cents',
  },
  otaOrderNotFound: { zh: '订单 {orderId} 不存在', en: 'Order {orderId} not found' },
  otaProductNotInArea: { zh: '产品不属于本景区', en: 'The product is not one of this area' },
  otaMappingCodeTaken: {
    zh: '该渠道已有产品编码 {code} 的映射',
    en: 'This channel already maps product code {code}',
  },
  otaAppKeyTaken: { zh: '该平台已有相同的 App Key', en: 'This platform already has that app key' },
  otaSecretRequired: {
    zh: '启用渠道前需设置密钥',
    en: 'Set a secret before enabling the channel',
  },
  otaNothingToRefund: { zh: '订单没有可退的门票', en: 'The order has no refundable ticket' },
});
