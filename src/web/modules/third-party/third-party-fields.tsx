import { useQuery } from '@tanstack/react-query';
import { Form, Select, Tag } from 'antd';
import { thirdPartyApi, type ThirdPartyOptions } from '../../../shared/api/third-party.ts';
import { OtaPlatformLabel } from '../../../shared/dict/ota.ts';
import { useLabel } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import type { ValueProps } from '../../components/field-props.ts';
import { IdsSelect } from '../../components/ids-select.tsx';

/** The acting area's gates, OTA channels and products (POST /thirdParty/options). */
export function useThirdPartyOptions() {
  return useQuery({
    queryKey: ['thirdParty', 'options'],
    queryFn: () => post<ThirdPartyOptions>(thirdPartyApi.options, {}, { silent: true }),
  });
}

/** The OTA channel whose platform order ids are the codes (only for the 'ota' adapter). */
export function OtaChannelField({ id, value, onChange }: ValueProps<number | null>) {
  const label = useLabel();
  const { data } = useThirdPartyOptions();
  const adapter = Form.useWatch<string | undefined>('adapter');
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      disabled={adapter !== 'ota'}
      options={(data?.otaChannels ?? []).map((o) => ({
        value: o.id,
        label: label(
          OtaPlatformLabel[o.platform as keyof typeof OtaPlatformLabel] ?? { zh: o.platform, en: o.platform },
        ),
      }))}
    />
  );
}

/** The product every imported code is for (only for the 'codeList' adapter). */
export function ProductField({ id, value, onChange }: ValueProps<number | null>) {
  const { data } = useThirdPartyOptions();
  const adapter = Form.useWatch<string | undefined>('adapter');
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      showSearch
      optionFilterProp="label"
      disabled={adapter !== 'codeList'}
      options={(data?.products ?? []).map((p) => ({ value: p.id, label: p.name }))}
    />
  );
}

/** The gates that accept the channel's codes. */
export function GatesField({ id, value, onChange }: ValueProps<number[]>) {
  const { data } = useThirdPartyOptions();
  return (
    <IdsSelect
      id={id}
      value={value}
      onChange={onChange}
      options={(data?.gates ?? []).map((g) => ({ value: g.id, label: g.name }))}
    />
  );
}

export function GateTags({ gates, none }: { gates: { id: number; name: string }[]; none: string }) {
  if (!gates.length) return <span>{none}</span>;
  return (
    <>
      {gates.map((g) => (
        <Tag key={g.id}>{g.name}</Tag>
      ))}
    </>
  );
}
