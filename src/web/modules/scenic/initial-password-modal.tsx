import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScenicCreated } from '../../../shared/api/scenic.ts';
import { OneTimeModal } from '../../components/one-time-modal.tsx';

/** The new area's administrator and its initial password, shown this once (only its hash is kept). */
export function InitialPasswordModal({
  created,
  onClose,
}: {
  created: ScenicCreated | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('scenic');
  return (
    <OneTimeModal
      shown={
        created && {
          title: t('createdTitle'),
          warning: t('initialPasswordWarning'),
          value: created.initialPassword,
        }
      }
      onClose={onClose}
      inputId="scenic-initial-password"
      inputLabel={t('initialPassword')}
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('adminUsername')}>{created?.adminUsername}</Descriptions.Item>
      </Descriptions>
    </OneTimeModal>
  );
}
