import { Button, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ValueProps } from '../../components/field-props.ts';

/** A platform secret's control: the stored one only as set / not set; replace (typed) or clear. */
export interface SmsSecretValue {
  /** The new secret as typed; null: keep the stored one */
  text: string | null;
  clear: boolean;
}

export const KEEP_SECRET: SmsSecretValue = { text: null, clear: false };

export function SmsSecretField({
  value = KEEP_SECRET,
  onChange,
  stored,
  id,
  disabled,
}: ValueProps<SmsSecretValue> & { stored: boolean; id?: string; disabled?: boolean }) {
  const { t } = useTranslation('messaging');
  const set = (next: Partial<SmsSecretValue>) => onChange?.({ ...value, ...next });
  const state = value.clear ? (
    <Tag color="warning">{t('willClear')}</Tag>
  ) : stored ? (
    <Tag color="success">{t('set')}</Tag>
  ) : (
    <Tag>{t('notSet')}</Tag>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {state}
        {value.text === null ? (
          <Button size="small" disabled={disabled} onClick={() => set({ text: '', clear: false })}>
            {t('replace')}
          </Button>
        ) : (
          <Button size="small" disabled={disabled} onClick={() => set({ text: null })}>
            {t('cancelReplace')}
          </Button>
        )}
        {stored && value.text === null && (
          <Button
            size="small"
            danger={!value.clear}
            disabled={disabled}
            onClick={() => set({ clear: !value.clear })}
          >
            {value.clear ? t('undo') : t('clear')}
          </Button>
        )}
      </Space>
      {value.text !== null && (
        <Input.Password
          id={id}
          value={value.text}
          placeholder={t('pasteKey')}
          disabled={disabled}
          autoComplete="new-password"
          onChange={(e) => set({ text: e.target.value })}
        />
      )}
    </Space>
  );
}
