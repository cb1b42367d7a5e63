import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScenicCreated } from '../../../shared/api/scenic.ts';

/** The new area's administrator and its initial password, shown this once (only its hash is kept). */
export function InitialPasswordModal({
  created,
  onClose,
}: {
  created: ScenicCreated | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['scenic', 'common']);
  const { message } = App.useApp();
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.initialPassword);
      void message.success(t('copied'));
    } catch {
      // no clipboard (plain HTTP): the field stays selectable
      (document.getElementById('scenic-initial-password') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Modal
      open={!!created}
      title={t('createdTitle')}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common:ok')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('initialPasswordWarning')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('adminUsername')}>{created?.adminUsername}</Descriptions.Item>
      </Descriptions>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id="scenic-initial-password"
          aria-label={t('initialPassword')}
          readOnly
          value={created?.initialPassword ?? ''}
          data-testid="scenic-initial-password"
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
