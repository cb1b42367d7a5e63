import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface OneTimeValue {
  title: string;
  warning: string;
  value: string;
}

/**
 * A value shown this once, the server keeping only its hash (a client secret, an activation code,
 * an initial password): a warning, the value with a copy button, and OK.
 */
export function OneTimeModal({
  shown,
  onClose,
  inputId,
  inputLabel,
  children,
}: {
  /** What to show; null: closed. */
  shown: OneTimeValue | null;
  onClose: () => void;
  /** The value field's id and test id. */
  inputId: string;
  /** The value field's accessible name. */
  inputLabel?: string;
  /** Between the warning and the value (e.g. the account the password belongs to). */
  children?: ReactNode;
}) {
  const { t } = useTranslation(['widgets', 'common']);
  const { message } = App.useApp();
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.value);
      void message.success(t('copied'));
    } catch {
      // no clipboard (plain HTTP): the field stays selectable
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Modal
      open={!!shown}
      title={shown?.title}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common:ok')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={shown?.warning} style={{ marginBottom: 16 }} />
      {children}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={inputId}
          aria-label={inputLabel}
          readOnly
          value={shown?.value ?? ''}
          data-testid={inputId}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
