import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';

/**
 * WeChat Pay API v3 signatures, written to its documentation (pay.weixin.qq.com/doc/v3/merchant,
 * "签名生成", "签名验证", "证书和回调报文解密"): SHA256withRSA over newline-ended lines, AEAD_AES_256_GCM.
 */

export const nonceStr = () => randomBytes(16).toString('hex').toUpperCase();

/** SHA256withRSA, base64 */
export function sign(message: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64');
}

/** The request's Authorization header: the signature over METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n. */
export function authorization(input: {
  method: string;
  /** Path and query, as sent */
  url: string;
  body: string;
  mchid: string;
  serial: string;
  privateKey: string;
  timestamp?: number;
  nonce?: string;
}): string {
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? nonceStr();
  const signature = sign(
    `${input.method}\n${input.url}\n${timestamp}\n${nonce}\n${input.body}\n`,
    input.privateKey,
  );
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${input.mchid}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${input.serial}"`
  );
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Why an answer's or a notification's signature does not verify (null: it does): the message is
 * TIMESTAMP\nNONCE\nBODY\n, signed by the platform key named by Wechatpay-Serial.
 */
export function signatureProblem(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  platformKey: string,
  platformSerial: string | null,
): string | null {
  const timestamp = one(headers['wechatpay-timestamp']);
  const nonce = one(headers['wechatpay-nonce']);
  const signature = one(headers['wechatpay-signature']);
  const serial = one(headers['wechatpay-serial']);
  if (!timestamp || !nonce || !signature || !serial) return 'the Wechatpay-* signature headers are missing';
  if (platformSerial && serial.toUpperCase() !== platformSerial.toUpperCase())
    return `signed by ${serial}, not by the configured platform key ${platformSerial}`;
  let ok: boolean;
  try {
    ok = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .verify(platformKey, signature, 'base64');
  } catch {
    return 'the platform public key is not a usable key';
  }
  return ok ? null : 'the signature does not verify with the platform public key';
}

/** A notification's resource: AEAD_AES_256_GCM with the APIv3 key; the ciphertext ends with the 16-byte tag. Throws when it does not open. */
export function decryptResource(
  resource: { ciphertext: string; nonce: string; associated_data?: string },
  apiV3Key: string,
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** The mini-program's / JSAPI's requestPayment parameters, paySign over APPID\nTIMESTAMP\nNONCE\nPACKAGE\n. */
export function jsapiParams(appId: string, prepayId: string, privateKey: string): Record<string, string> {
  const timeStamp = String(Math.floor(Date.now() / 1000));
  const nonce = nonceStr();
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr: nonce,
    package: pkg,
    signType: 'RSA',
    paySign: sign(`${appId}\n${timeStamp}\n${nonce}\n${pkg}\n`, privateKey),
  };
}
