import { useQuery } from '@tanstack/react-query';
import { Checkbox, DatePicker, Form, Input, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { GateOption } from '../../../shared/api/gates.ts';
import { staffCardApi } from '../../../shared/api/staff-cards.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { CardReadMode } from '../../../shared/dict/gates.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { post } from '../../lib/request.ts';
import type { ValueProps } from '../../components/field-props.ts';
import { IdsSelect } from '../../components/ids-select.tsx';

/** The acting area's gates (POST /entryCode/gates). */
export function useGateOptions() {
  return useQuery({
    queryKey: ['staffCards', 'gates'],
    queryFn: () => post<GateOption[]>(staffCardApi.gates, {}, { silent: true }),
  });
}

/** Read modes as checkboxes (docs/product.md §9 card reading). */
export function ReadModesField({ id, value, onChange }: ValueProps<number[]>) {
  const label = useLabel();
  return (
    <span id={id}>
      <Checkbox.Group
        value={value}
        onChange={(next) => onChange?.(next as number[])}
        options={Object.entries(CardReadMode).map(([code, entry]) => ({
          value: Number(code),
          label: label(entry),
        }))}
      />
    </span>
  );
}

/** A credential input that is only needed when its read mode is chosen. */
export function CredentialField({
  id,
  value,
  onChange,
  mode,
  maxLength,
}: ValueProps<string> & { mode: number; maxLength: number }) {
  const { t } = useTranslation('staffCards');
  const modes = Form.useWatch<number[] | undefined>('readModes') ?? [];
  const needed = modes.includes(mode);
  return (
    <Input
      id={id}
      value={value}
      maxLength={maxLength}
      disabled={!needed}
      placeholder={needed ? undefined : t('notNeeded')}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

/** The face image, uploaded; only needed when faces are read. */
export function FaceImageField({ value, onChange, mode }: ValueProps<string> & { mode: number }) {
  const { t } = useTranslation('staffCards');
  const modes = Form.useWatch<number[] | undefined>('readModes') ?? [];
  const needed = modes.includes(mode);
  if (!needed) return <Typography.Text type="secondary">{t('notNeeded')}</Typography.Text>;
  return <ImageUpload action={storageApi.uploadUnMove} value={value} onChange={(url) => onChange?.(url)} />;
}

/** Gates of the area, several; none = all gates. */
export function GatesField({ id, value, onChange }: ValueProps<number[]>) {
  const { t } = useTranslation('staffCards');
  const { data, isPending } = useGateOptions();
  return (
    <IdsSelect
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      loading={isPending}
      placeholder={t('allGates')}
      options={(data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.code})` }))}
    />
  );
}

/** A date and time held as an ISO string with the browser's offset. */
export function InstantField({ id, value, onChange }: ValueProps<string | undefined>) {
  return (
    <DatePicker
      id={id}
      showTime
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format() : undefined)}
    />
  );
}

/** A card's gates as tags; none listed means every gate. */
export function GateTags({ gates }: { gates: { id: number; name: string }[] }) {
  const { t } = useTranslation('staffCards');
  if (!gates.length) return <Tag color="blue">{t('allGates')}</Tag>;
  return (
    <Space size={[0, 4]} wrap>
      {gates.map((g) => (
        <Tag key={g.id}>{g.name}</Tag>
      ))}
    </Space>
  );
}

/** Read modes as tags. */
export function ReadModeTags({ modes }: { modes: number[] }) {
  const label = useLabel();
  return (
    <Space size={[0, 4]} wrap>
      {modes.map((m) => {
        const entry = CardReadMode[m as keyof typeof CardReadMode];
        return <Tag key={m}>{entry ? label(entry) : m}</Tag>;
      })}
    </Space>
  );
}
