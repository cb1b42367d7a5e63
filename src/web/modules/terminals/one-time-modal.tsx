import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface OneTimeValue {
  title: string;
  warning: string;
  value: string;
}

/** A value shown this once (activation code or client secret; the server keeps only its hash). */
export function OneTimeModal({ shown, onClose }: { shown: OneTimeValue | null; onClose: () => void }) {
  const { t } = useTranslation(['terminals', 'common']);
  const { message } = App.useApp();
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.value);
      void message.success(t('copied'));
    } catch {
      // no clipboard (plain HTTP): the field stays selectable
      (document.getElementById('terminal-one-time') as HTMLInputElement | null)?.select();
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
      <Space.Compact style={{ width: '100%' }}>
        <Input id="terminal-one-time" readOnly value={shown?.value ?? ''} data-testid="terminal-one-time" />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
