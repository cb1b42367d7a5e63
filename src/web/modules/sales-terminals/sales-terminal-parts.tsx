import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalesTerminalOptions } from '../../../shared/api/sales-terminals.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import { TerminalPrinterState } from '../../../shared/dict/terminal.ts';
import { DictTag, type Dict } from '../../components/dict-tag.tsx';
import { get } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';

/** The form's choices (products, operators) as dictionaries for selects and the product filter. */
export function useOptions(url: string) {
  const { t } = useTranslation('salesTerminals');
  const { data } = useQuery({
    queryKey: [url],
    queryFn: () => get<SalesTerminalOptions>(url),
  });
  return useMemo(() => {
    const products: Dict = {};
    for (const p of data?.products ?? []) {
      const suffix = p.onShelf ? '' : t('offShelf');
      products[p.id] = { zh: `${p.name}${suffix}`, en: `${p.name}${suffix}` };
    }
    const operators: Dict = {};
    for (const o of data?.operators ?? []) {
      const label = o.name === o.username ? o.username : `${o.name} (${o.username})`;
      operators[o.id] = { zh: label, en: label };
    }
    return {
      products,
      operators,
      productCodes: (data?.products ?? []).map((p) => p.id),
      operatorCodes: (data?.operators ?? []).map((o) => o.id),
      loaded: data != null,
    };
  }, [data, t]);
}

/** Names as small tags, the first few shown and the rest counted. */
export function NameTags({ names }: { names: readonly string[] }) {
  const { t } = useTranslation('salesTerminals');
  if (names.length === 0) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  const shown = names.slice(0, 4);
  return (
    <Space size={[0, 4]} wrap>
      {shown.map((n, i) => (
        <Tag key={`${n}-${i}`}>{n}</Tag>
      ))}
      {names.length > shown.length && <Tag>+{names.length - shown.length}</Tag>}
    </Space>
  );
}

export function PayWayTags({ codes }: { codes: readonly number[] }) {
  const { lang } = useSettings();
  return <NameTags names={codes.map((c) => (PayWay as Dict)[c]?.[lang] ?? String(c))} />;
}

/** The printer as last reported, and the paper left; an alert (low, out, fault) in its colour. */
export function PrinterCell({
  state,
  level,
  alert,
}: {
  state: string | null;
  level: number | null;
  alert?: string | null;
}) {
  if (!state && level == null) return null;
  const shown = alert ?? state;
  return (
    <Space size={4}>
      {shown && <DictTag dict={TerminalPrinterState} value={shown} fallback={shown} />}
      {level != null && <span>{level}%</span>}
    </Space>
  );
}
