import { Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { InvoiceTaxRuleSchema } from '../../../shared/api/invoice-settings.ts';
import type { Lang } from '../../../shared/dict/dict.ts';
import {
  InvoiceGoods,
  InvoiceZeroRate,
  type InvoiceGoodsCode,
  type InvoiceZeroRateCode,
} from '../../../shared/dict/invoices.ts';
import { issueMessage } from '../../components/list-page/zod-form.ts';
import { useSettings } from '../../lib/settings.ts';

/** The rates the tax office knows, in basis points (docs/invoices.md "Protocol"). */
export const INVOICE_TAX_RATES = [0, 100, 150, 300, 500, 600, 900, 1000, 1100, 1300, 1600, 1700] as const;

export interface RuleValues {
  itemName?: string;
  taxCode?: string;
  rate?: number;
  zeroRate?: number;
}
export type RulesValues = Partial<Record<InvoiceGoodsCode, RuleValues>>;

const empty = (r: RuleValues | undefined) => !r?.itemName?.trim() && !r?.taxCode?.trim();

/**
 * The rules the form sends: a kind of goods with neither item name nor tax code is left out (not
 * invoiced); each other one checked with the server's schema, its complaints on its own fields.
 */
export function checkRules(
  goods: readonly InvoiceGoodsCode[],
  values: RulesValues | undefined,
  lang: Lang,
): { rules: Record<string, unknown>; errors: { name: (string | number)[]; errors: string[] }[] } {
  const rules: Record<string, unknown> = {};
  const errors: { name: (string | number)[]; errors: string[] }[] = [];
  for (const g of goods) {
    const r = values?.[g];
    if (empty(r)) continue;
    const body = {
      itemName: r?.itemName ?? '',
      taxCode: r?.taxCode ?? '',
      rate: r?.rate ?? 0,
      zeroRate: r?.zeroRate ?? 0,
    };
    const parsed = InvoiceTaxRuleSchema.safeParse(body);
    if (parsed.success) rules[g] = parsed.data;
    for (const issue of parsed.error?.issues ?? [])
      errors.push({ name: ['rules', g, String(issue.path[0])], errors: [issueMessage(issue, lang)] });
  }
  return { rules, errors };
}

/** The form's values of saved rules. */
export const rulesValues = (saved: Record<string, RuleValues>, goods: readonly InvoiceGoodsCode[]) =>
  Object.fromEntries(
    goods.map((g) => [g, { itemName: '', taxCode: '', rate: 600, zeroRate: 0, ...saved[g] }]),
  ) as RulesValues;

/** One row per kind of goods: item name, 19-digit tax code, rate, zero-rate flag (form field `rules`). */
export function TaxRuleRows({ goods }: { goods: readonly InvoiceGoodsCode[] }) {
  const { t } = useTranslation('invoiceSetting');
  const { lang } = useSettings();
  return (
    <Form.Item label={t('taxRules')} extra={t('taxRulesHint')}>
      {goods.map((g) => (
        <Space key={g} wrap align="start" data-testid={`tax-rule-${g}`}>
          <Typography.Text strong style={{ display: 'inline-block', width: 120, paddingTop: 4 }}>
            {InvoiceGoods[g][lang]}
          </Typography.Text>
          <Form.Item name={['rules', g, 'itemName']}>
            <Input
              maxLength={60}
              placeholder={t('itemName')}
              aria-label={`${InvoiceGoods[g][lang]} ${t('itemName')}`}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item name={['rules', g, 'taxCode']}>
            <Input
              maxLength={19}
              placeholder={t('taxCode')}
              aria-label={`${InvoiceGoods[g][lang]} ${t('taxCode')}`}
              style={{ width: 210 }}
            />
          </Form.Item>
          <Form.Item name={['rules', g, 'rate']}>
            <Select
              aria-label={`${InvoiceGoods[g][lang]} ${t('rate')}`}
              style={{ width: 100 }}
              options={INVOICE_TAX_RATES.map((rate) => ({ value: rate, label: `${rate / 100}%` }))}
            />
          </Form.Item>
          <Form.Item name={['rules', g, 'zeroRate']}>
            <Select
              aria-label={`${InvoiceGoods[g][lang]} ${t('zeroRate')}`}
              style={{ width: 150 }}
              options={Object.keys(InvoiceZeroRate).map((code) => ({
                value: Number(code),
                label: InvoiceZeroRate[Number(code) as InvoiceZeroRateCode][lang],
              }))}
            />
          </Form.Item>
        </Space>
      ))}
    </Form.Item>
  );
}
