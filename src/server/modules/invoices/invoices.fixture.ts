// What the invoice tests share: an area issuer saved through the settings API, against the pay
// sandbox's Nuonuo platform (manual issuing unless told otherwise).
import { invoiceSettingApi } from '../../../shared/api/invoice-settings.ts';
import { data } from '../../test/replies.ts';
import type { TestApp } from '../../test/harness.ts';

const rule = (itemName: string) => ({ itemName, taxCode: '3070201020000000000', rate: 600, zeroRate: 0 });

/** Saves the acting area's issuer (tickets and travel cards at 6 %) as `token`, on series `seriesCode`. */
export function saveAreaIssuer(
  t: TestApp,
  token: string,
  providerUrl: string,
  seriesCode: string,
  extra: Record<string, unknown> = {},
) {
  return data(
    t.call(token, 'POST', invoiceSettingApi.save, {
      kind: 1,
      name: '玉龙雪山旅游开发有限公司',
      taxId: '91530700MA6K0A1B2E',
      address: '云南省丽江市玉龙县',
      phone: '0888-5131000',
      bankName: '',
      bankAccount: '',
      mode: 2,
      lineKind: 'p',
      taxRules: { ticket: rule('*旅游服务*门票'), card: rule('*旅游服务*畅游卡') },
      seriesCode,
      provider: 'nuonuo',
      providerUrl,
      appKey: 'SD00000009',
      appSecret: 'SDSECRET0123456789',
      accessToken: 'tok-0123456789abcdef',
      enabled: true,
      remarks: '',
      ...extra,
    }),
  );
}
