import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** A settings form's Save (submits the form) and Reset (back to what was loaded). */
export function SaveResetButtons({ saving, onReset }: { saving: boolean; onReset: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('save')}
      </Button>
      <Button htmlType="button" onClick={onReset}>
        {t('reset')}
      </Button>
    </Space>
  );
}
