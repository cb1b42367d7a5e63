import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tag, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ValueProps } from './field-props.ts';

/**
 * A secret's control (payment keys, SMS platform secrets): the stored one only as set / not set;
 * replace (typed, or with `pem` pasted or read from a file) or clear.
 */
export interface SecretValue {
  /** The new value, typed or read from a file; null: keep the stored one */
  text: string | null;
  clear: boolean;
}

/** The value of a form that keeps the stored secret. */
export const KEEP_SECRET: SecretValue = { text: null, clear: false };

/**
 * Into a settings save's body: each secret typed anew, and the stored ones to remove named in
 * `clear`; a kept one is left out (the server keeps it).
 */
export function putSecrets<F extends string>(
  body: Record<string, unknown>,
  values: Partial<Record<F, SecretValue>>,
  fields: readonly F[],
): Record<string, unknown> {
  const clear: F[] = [];
  for (const f of fields) {
    const v = values[f];
    if (v?.text) body[f] = v.text;
    else if (v?.clear) clear.push(f);
  }
  if (clear.length) body.clear = clear;
  return body;
}

export function SecretField({
  value = KEEP_SECRET,
  onChange,
  stored,
  pem = false,
  id,
  disabled,
}: ValueProps<SecretValue> & { stored: boolean; pem?: boolean; id?: string; disabled?: boolean }) {
  const { t } = useTranslation('widgets');
  const set = (next: Partial<SecretValue>) => onChange?.({ ...value, ...next });
  const state = value.clear ? (
    <Tag color="warning">{t('secretWillClear')}</Tag>
  ) : stored ? (
    <Tag color="success">{t('secretSet')}</Tag>
  ) : (
    <Tag>{t('secretNotSet')}</Tag>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {state}
        {value.text === null ? (
          <Button size="small" disabled={disabled} onClick={() => set({ text: '', clear: false })}>
            {t('secretReplace')}
          </Button>
        ) : (
          <Button size="small" disabled={disabled} onClick={() => set({ text: null })}>
            {t('secretCancelReplace')}
          </Button>
        )}
        {stored && value.text === null && (
          <Button
            size="small"
            danger={!value.clear}
            disabled={disabled}
            onClick={() => set({ clear: !value.clear })}
          >
            {value.clear ? t('secretUndo') : t('secretClear')}
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
              placeholder={t('secretPastePem')}
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
                {t('secretUpload')}
              </Button>
            </Upload>
          </>
        ) : (
          <Input.Password
            id={id}
            value={value.text}
            placeholder={t('secretPasteKey')}
            disabled={disabled}
            autoComplete="new-password"
            onChange={(e) => set({ text: e.target.value })}
          />
        ))}
    </Space>
  );
}
