import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tag, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ValueProps } from '../../components/field-props.ts';

/** A secret's control: the stored one only as set / not set; replace (typed, pasted or a PEM file) or clear. */
export interface SecretValue {
  /** The new value, typed or read from a file; null: keep the stored one */
  text: string | null;
  clear: boolean;
}

export function SecretField({
  value = { text: null, clear: false },
  onChange,
  stored,
  pem,
  id,
  disabled,
}: ValueProps<SecretValue> & { stored: boolean; pem: boolean; id?: string; disabled?: boolean }) {
  const { t } = useTranslation('payments');
  const set = (next: Partial<SecretValue>) => onChange?.({ ...value, ...next });
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
      {value.text !== null &&
        (pem ? (
          <>
            <Input.TextArea
              id={id}
              rows={4}
              value={value.text}
              placeholder={t('pastePem')}
              disabled={disabled}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => set({ text: e.target.value })}
            />
            <Upload
              accept=".pem,.crt,.cer,.key,.txt"
              showUploadList={false}
              disabled={disabled}
              beforeUpload={(file) => {
                void file.text().then((text) => set({ text, clear: false }));
                return false;
              }}
            >
              <Button size="small" icon={<UploadOutlined />}>
                {t('upload')}
              </Button>
            </Upload>
          </>
        ) : (
          <Input.Password
            id={id}
            value={value.text}
            placeholder={t('pasteKey')}
            disabled={disabled}
            autoComplete="new-password"
            onChange={(e) => set({ text: e.target.value })}
          />
        ))}
    </Space>
  );
}
