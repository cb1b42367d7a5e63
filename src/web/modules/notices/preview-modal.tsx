import { EyeOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../components/rich-text/index.ts';

export function PreviewButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('notices');
  return (
    <Button type="link" size="small" icon={<EyeOutlined />} onClick={onClick}>
      {t('preview')}
    </Button>
  );
}

/** Stored (sanitised) rich text as the visitor will read it. `html` null: still loading. */
export function PreviewModal({
  title,
  html,
  open,
  onClose,
}: {
  title: string;
  html: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['notices', 'common']);
  return (
    <Modal
      open={open}
      title={`${t('preview')}${title ? ` · ${title}` : ''}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:ok')}</Button>}
      width={760}
      destroyOnHidden
    >
      <div style={{ maxHeight: '65vh', overflowY: 'auto' }}>
        {html === null ? (
          <Spin />
        ) : html ? (
          <RichTextView html={html} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyPreview')} />
        )}
      </div>
    </Modal>
  );
}
