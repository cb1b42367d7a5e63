import { Card, Empty, Form, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichTextView } from './rich-text/index.ts';

/**
 * The title and rich-text content of an editor's form as the visitor will see them, beside the
 * form on wide screens (an announcement, a notice template).
 */
export function LivePreview<V extends { title?: string; content?: string }>({
  form,
}: {
  form: FormInstance<V>;
}) {
  const { t } = useTranslation('widgets');
  const title = Form.useWatch((values: V) => values.title, form);
  const content = Form.useWatch((values: V) => values.content, form);
  return (
    <Card title={t('livePreview')} style={{ position: 'sticky', top: 0 }}>
      {title && <Typography.Title level={4}>{title}</Typography.Title>}
      {content ? (
        <RichTextView html={content} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyPreview')} />
      )}
    </Card>
  );
}
