import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface SecretModalProps {
  /** The client and its new secret; null: closed. */
  secret: { clientId: string; secret: string } | null;
  onClose: () => void;
}

/** A client secret, shown this once (the server keeps only its hash): copy button and warning. */
export function SecretModal({ secret, onClose }: SecretModalProps) {
  const { t } = useTranslation(['oauth', 'common']);
  const { message } = App.useApp();
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.secret);
      void message.success(t('copied'));
    } catch {
      // no clipboard (plain HTTP): the field stays selectable
      (document.getElementById('oauth-secret') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Modal
      open={!!secret}
      title={`${t('secretTitle')}: ${secret?.clientId ?? ''}`}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common:ok')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('secretWarning')} style={{ marginBottom: 16 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Input id="oauth-secret" readOnly value={secret?.secret ?? ''} data-testid="oauth-secret" />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
