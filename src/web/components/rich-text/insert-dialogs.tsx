import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Space, Tabs, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from '../image-upload.tsx';

/** Link targets the server keeps (notices.service.ts): http(s), mailto and tel. */
export const SAFE_LINK = /^(https?:\/\/\S+|mailto:\S+|tel:[\d+\-() ]+)$/i;
/** Images the server keeps: uploaded files and http(s) addresses. */
export const SAFE_IMAGE = /^(https?:\/\/\S+|\/uploads\/\S+)$/i;

/** "www.example.com" means https://www.example.com; anything with a scheme stays as typed. */
export function normalizeLink(text: string): string {
  const url = text.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  if (/^[\w-]+(\.[\w-]+)+([/?#]\S*)?$/.test(url)) return `https://${url}`;
  return url;
}

export function LinkDialog({
  open,
  initial,
  onOk,
  onCancel,
}: {
  open: boolean;
  initial: string;
  onOk: (href: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['richText', 'common']);
  const [url, setUrl] = useState(initial);
  const [error, setError] = useState(false);
  useEffect(() => {
    if (open) {
      setUrl(initial);
      setError(false);
    }
  }, [open, initial]);

  const submit = () => {
    const href = normalizeLink(url);
    if (!SAFE_LINK.test(href)) {
      setError(true);
      return;
    }
    onOk(href);
  };

  return (
    <Modal
      open={open}
      title={t('link')}
      onOk={submit}
      onCancel={onCancel}
      okText={t('common:confirm')}
      cancelText={t('common:cancel')}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('linkUrl')}
          validateStatus={error ? 'error' : undefined}
          help={error ? t('linkUrlInvalid') : t('linkUrlHint')}
        >
          <Input
            autoFocus
            aria-label={t('linkUrl')}
            value={url}
            placeholder="https://"
            maxLength={2000}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(false);
            }}
            onPressEnter={submit}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ImageDialog({
  open,
  uploadUrl,
  onOk,
  onCancel,
}: {
  open: boolean;
  uploadUrl: string;
  onOk: (image: { src: string; alt: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['richText', 'widgets', 'common']);
  const [tab, setTab] = useState<'upload' | 'url'>('upload');
  const [uploaded, setUploaded] = useState('');
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const upload = useImageUpload(uploadUrl, (src) => {
    setUploaded(src);
    setError(null);
  });
  const uploading = upload.pending;
  useEffect(() => {
    if (open) {
      setTab('upload');
      setUploaded('');
      setUrl('');
      setAlt('');
      setError(null);
    }
  }, [open]);

  const submit = () => {
    const src = tab === 'upload' ? uploaded : url.trim();
    if (!src) {
      setError(t('imageRequired'));
      return;
    }
    if (!SAFE_IMAGE.test(src)) {
      setError(t('imageUrlInvalid'));
      return;
    }
    onOk({ src, alt: alt.trim() });
  };

  return (
    <Modal
      open={open}
      title={t('image')}
      onOk={submit}
      onCancel={onCancel}
      okText={t('common:confirm')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: uploading }}
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as 'upload' | 'url');
          setError(null);
        }}
        items={[
          {
            key: 'upload',
            label: t('imageUpload'),
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Upload
                  accept=".jpg,.jpeg,.png,.gif"
                  showUploadList={false}
                  disabled={uploading}
                  // docs/product.md §5: 500 KB, jpg/png/gif, with the spec's messages
                  beforeUpload={upload.beforeUpload}
                >
                  <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading}>
                    {t('imageChoose')}
                  </Button>
                </Upload>
                <Typography.Text type="secondary">{t('imageUploadHint')}</Typography.Text>
                {uploaded && (
                  <img
                    src={uploaded}
                    alt={alt || t('widgets:image')}
                    style={{ maxWidth: '100%', maxHeight: 200, objectFit: 'contain' }}
                  />
                )}
              </Space>
            ),
          },
          {
            key: 'url',
            label: t('imageByUrl'),
            children: (
              <Input
                aria-label={t('imageByUrl')}
                value={url}
                placeholder="https://"
                maxLength={2000}
                onChange={(e) => {
                  setUrl(e.target.value);
                  setError(null);
                }}
              />
            ),
          },
        ]}
      />
      <Form layout="vertical" component="div" style={{ marginTop: 16 }}>
        <Form.Item label={t('imageAlt')} validateStatus={error ? 'error' : undefined} help={error}>
          <Input
            aria-label={t('imageAlt')}
            value={alt}
            maxLength={200}
            onChange={(e) => setAlt(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
